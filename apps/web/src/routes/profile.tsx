import { PageTitle } from './page-title';

export default function Profile() {
  return (
    <section className="card">
      <PageTitle subtitle="Your account at a glance.">Profile</PageTitle>
    </section>
  );
}
