import { PageTitle } from './page-title';

export default function Game() {
  return (
    <section className="card">
      <PageTitle subtitle="Set up a fast or ranked game.">Game Setup</PageTitle>
    </section>
  );
}
