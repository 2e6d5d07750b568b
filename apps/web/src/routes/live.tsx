import { LiveView } from '../features/live/components/live-view';
import { useWakeLock } from '../lib/use-wake-lock';

export default function Live() {
  // The table follows the game on this screen, and a bridged scale lives in this page.
  useWakeLock();
  return <LiveView />;
}
