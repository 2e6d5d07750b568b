import { PageTitle } from './page-title';

export default function Dashboard() {
  return (
    <section className="card">
      <PageTitle subtitle="Rankings appear here after ranked games.">Leaderboard</PageTitle>
    </section>
  );
}
