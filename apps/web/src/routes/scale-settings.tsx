import { PageTitle } from '../components/page-title';
import { ScaleSettingsView } from '../features/scale-settings/components/scale-settings-view';

export default function ScaleSettings() {
  return (
    <div>
      <PageTitle subtitle="WiFi and device settings of your scales.">Scale Settings</PageTitle>
      <ScaleSettingsView />
    </div>
  );
}
