import { PageTitle } from '../components/page-title';
import { BluetoothScaleSection } from '../features/bluetooth-scale/components/bluetooth-scale-section';
import { useBridgedScaleMac } from '../features/bluetooth-scale/hooks/use-bluetooth-scale';
import { ScaleSettingsView } from '../features/scale-settings/components/scale-settings-view';
import { useT } from '../i18n/use-t';

export default function ScaleSettings() {
  const { t } = useT();
  const bridgedMac = useBridgedScaleMac();
  return (
    <div>
      <PageTitle subtitle={t('scaleSettings.subtitle')}>{t('scaleSettings.title')}</PageTitle>
      <div className="space-y-4">
        <BluetoothScaleSection />
        <ScaleSettingsView bridgedHere={bridgedMac} />
      </div>
    </div>
  );
}
