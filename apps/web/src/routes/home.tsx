import { PageTitle } from './page-title';

export default function Home() {
  return (
    <section className="card">
      <PageTitle subtitle="Your statistics will appear here.">Home</PageTitle>
    </section>
  );
}
