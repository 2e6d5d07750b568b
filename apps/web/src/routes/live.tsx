import { LiveView } from '../features/live/components/live-view';
import { SharePanel } from '../features/watch/components/share-panel';

export default function Live() {
  return <LiveView share={(game) => <SharePanel game={game} />} />;
}
