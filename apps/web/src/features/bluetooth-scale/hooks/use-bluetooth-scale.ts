import { useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/session-context';
import { bluetoothSessionFor, type BluetoothSession } from '../bluetooth-session';
import { bluetoothSupport, type BluetoothSupport } from '../support';

export function useBluetoothScale(): {
  support: BluetoothSupport;
  session: BluetoothSession | null;
} {
  const { socket } = useSession();
  const support = bluetoothSupport();
  const session = support === 'ok' ? bluetoothSessionFor(navigator.bluetooth, socket) : null;
  useSyncExternalStore(
    session?.subscribe ?? noSubscribe,
    session?.getSnapshot ?? noSnapshot,
    noSnapshot,
  );
  return { support, session };
}

/** The address of the scale bridged right now, for the game set-up. */
export function useBridgedScaleMac(): string | null {
  const { session } = useBluetoothScale();
  const server = session?.getSnapshot().server;
  return server?.bridged ? server.macAddress : null;
}

const noSubscribe = () => () => {};
const noSnapshot = () => null;
