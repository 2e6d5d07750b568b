import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ownScalesQueryOptions } from '../../../lib/own-scales';
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

/**
 * The address of the scale this browser bridges right now (null when none), for the game
 * set-ups and the scale settings. A newly bridged scale may be new to the player's scale list
 * (the server creates it on the first bridge), so the list is asked again.
 */
export function useBridgedScaleMac(): string | null {
  const { session } = useBluetoothScale();
  const server = session?.getSnapshot().server;
  const mac = server?.bridged ? server.macAddress : null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (mac) void queryClient.invalidateQueries({ queryKey: ownScalesQueryOptions().queryKey });
  }, [mac, queryClient]);
  return mac;
}

/** The most the bridged scale weighs (its driver knows its family), null when none is bridged. */
export function useBridgedScaleCapacity(): number | null {
  const { session } = useBluetoothScale();
  const snapshot = session?.getSnapshot();
  return snapshot?.server?.bridged ? snapshot.bridge.capacityGrams : null;
}

const noSubscribe = () => () => {};
const noSnapshot = () => null;
