import { PageTitle } from './page-title';

export default function Admin() {
  return (
    <section className="card">
      <PageTitle subtitle="Scale assignment for administrators.">Administration</PageTitle>
    </section>
  );
}
