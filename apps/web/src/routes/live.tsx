import { PageTitle } from './page-title';

export default function Live() {
  return (
    <section className="card">
      <PageTitle subtitle="The live view of the game appears here.">Live Scale</PageTitle>
    </section>
  );
}
