import { PageTitle } from './page-title';

export default function ScaleSettings() {
  return (
    <section className="card">
      <PageTitle subtitle="Configure your approved scales here.">Scale Settings</PageTitle>
    </section>
  );
}
