import { useParams } from 'wouter';
import { WatchView } from '../features/watch/components/watch-view';

export default function Watch() {
  const { token = '' } = useParams();
  return <WatchView key={token} token={token} />;
}
