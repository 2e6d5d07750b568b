import { PageTitle } from '../components/page-title';
import { BluetoothScaleSection } from '../features/bluetooth-scale/components/bluetooth-scale-section';
import { useBridgedScaleMac } from '../features/bluetooth-scale/hooks/use-bluetooth-scale';
import { useScales } from '../features/scale-settings/api/scales';
import { ScaleSettingsView } from '../features/scale-settings/components/scale-settings-view';
import { useT } from '../i18n/use-t';

export default function ScaleSettings() {
  const { t } = useT();
  const bridgedMac = useBridgedScaleMac();
  // Only WiFi scales: the browser's lack of Bluetooth concerns none of them.
  const scales = useScales();
  const wifiOnly = !!scales.data?.length && scales.data.every((scale) => !scale.bridged);
  return (
    <div>
      <PageTitle subtitle={t('scaleSettings.subtitle')}>{t('scaleSettings.title')}</PageTitle>
      <div className="space-y-4">
        <BluetoothScaleSection quiet={wifiOnly} />
        <ScaleSettingsView bridgedHere={bridgedMac} />
      </div>
    </div>
  );
}
