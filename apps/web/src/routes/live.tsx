import { LiveView } from '../features/live/components/live-view';

export default function Live() {
  return <LiveView />;
}
