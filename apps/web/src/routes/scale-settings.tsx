import { PageTitle } from '../components/page-title';
import { BluetoothScaleSection } from '../features/bluetooth-scale/components/bluetooth-scale-section';
import { ScaleSettingsView } from '../features/scale-settings/components/scale-settings-view';

export default function ScaleSettings() {
  return (
    <div>
      <PageTitle subtitle="WiFi and device settings of your scales.">Scale Settings</PageTitle>
      <div className="space-y-4">
        <BluetoothScaleSection />
        <ScaleSettingsView />
      </div>
    </div>
  );
}
