import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session-context';
import { useSocketConnect } from '../../../lib/use-socket-connect';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { useT } from '../../../i18n/use-t';

/** The scale's dot: connected, otherwise Offline; kept live through SCALE_STATUS. */
export function ConnectionDot({ mac, initial }: { mac: string; initial: boolean }) {
  const { socket } = useSession();
  const [connected, setConnected] = useState(initial);
  useEffect(() => setConnected(initial), [initial, mac]);
  useEffect(() => {
    socket.send({ type: 'SELECT_SCALE', macAddress: mac });
    return () => socket.send({ type: 'UNSELECT_SCALE' });
  }, [socket, mac]);
  useSocketConnect(() => socket.send({ type: 'SELECT_SCALE', macAddress: mac }));
  useSocketEvent('SCALE_STATUS', (m) => {
    if (m.macAddress === mac) setConnected(m.connected);
  });
  const { t } = useT();
  return (
    <span
      className="inline-flex items-center gap-2 text-sm font-semibold"
      data-testid="connection-status"
    >
      <span
        className={`size-2.5 rounded-full ${connected ? 'bg-hop-400' : 'bg-red-400'}`}
        aria-hidden
      />
      {connected ? t('scale.connected') : t('scale.offline')}
    </span>
  );
}
