import { useLocation, useParams } from 'wouter';
import { WatchView } from '../features/watch/components/watch-view';

/**
 * /watch/{token} and /watch/{token}/table: the table screen is an address of its own, so a TV's
 * reload (or a bookmark) keeps it. Switching replaces the address: Back leaves the page.
 */
export default function Watch({ table = false }: { table?: boolean }) {
  const { token = '' } = useParams();
  const [, navigate] = useLocation();
  const base = `/watch/${encodeURIComponent(token)}`;
  return (
    <WatchView
      key={token}
      token={token}
      tableMode={table}
      onTableMode={(next) => navigate(next ? `${base}/table` : base, { replace: true })}
    />
  );
}
