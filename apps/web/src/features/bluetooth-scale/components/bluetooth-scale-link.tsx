import { Bluetooth } from 'lucide-react';
import { Link } from 'react-router';
import { BLUETOOTH_TEXTS } from '@beerscale/contract/bluetooth-bridge';
import { useBluetoothScale } from '../hooks/use-bluetooth-scale';

/** On the game set-up: the bridged scale at a glance, or the way to connect one. */
export function BluetoothScaleLink() {
  const { session } = useBluetoothScale();
  const snapshot = session?.getSnapshot();
  const server = snapshot?.server;
  const bridged = server?.bridged ? server.macAddress : null;
  return (
    <aside className="card flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="flex items-center gap-2 text-foam-200">
        <Bluetooth className="size-4 shrink-0 text-amber-400" aria-hidden />
        {bridged ? (
          <span>
            {BLUETOOTH_TEXTS.title}: {snapshot?.bridge.deviceName ?? ''}{' '}
            <span className="font-mono font-semibold">{bridged}</span>
          </span>
        ) : (
          <span>{BLUETOOTH_TEXTS.title}: play on a Bluetooth kitchen or coffee scale.</span>
        )}
      </p>
      <Link to="/scale-settings#bluetooth" className="btn-secondary min-h-10">
        {bridged ? BLUETOOTH_TEXTS.manage : BLUETOOTH_TEXTS.connect}
      </Link>
    </aside>
  );
}
