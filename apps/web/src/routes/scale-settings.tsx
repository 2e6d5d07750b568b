import { ComingSoon } from '../components/coming-soon';

export default function ScaleSettings() {
  return <ComingSoon title="Scale Settings" subtitle="WiFi and device settings of your scales." />;
}
