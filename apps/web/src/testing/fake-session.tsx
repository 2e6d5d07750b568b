import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRealtimeSync } from '../app/realtime-sync';
import { RouterAt } from './router-at';
import type { SessionUser } from '@beerscale/contract/auth';
import type {
  BrowserToServer,
  ServerToBrowser,
  ServerToBrowserType,
} from '@beerscale/contract/browser-socket';
import { SessionContext, type Session } from '../lib/session-context';
import type { ConnectionStatus, SocketClient } from '../lib/socket-client';

/** The socket's subscription side, with messages pushed in by the test. */
export class FakeSocket {
  readonly sent: BrowserToServer[] = [];
  connected = true;
  private readonly listeners = new Map<ServerToBrowserType, Set<(m: ServerToBrowser) => void>>();

  on(type: ServerToBrowserType, listener: (m: ServerToBrowser) => void): () => void {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set.add(listener));
    return () => set.delete(listener);
  }
  onConnect(): () => void {
    return () => {};
  }
  /** The connection's state; a test changes it with `setStatus`. */
  status: ConnectionStatus = 'open';
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
  setStatus(status: ConnectionStatus): void {
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
  send(message: BrowserToServer): void {
    this.sent.push(message);
  }
  emit(message: ServerToBrowser): void {
    for (const listener of [...(this.listeners.get(message.type) ?? [])]) listener(message);
  }
}

export const TEST_USER: SessionUser = {
  id: 7,
  username: 'hopfen',
  playerName: 'Hops',
  status: 'logged_in',
  isAdmin: false,
};

function RealtimeSync() {
  useRealtimeSync();
  return null;
}

/**
 * A signed-in session around `children`, with its own query cache and a router at `url`;
 * `realtime` mounts the app's realtime sync, as the protected shell does.
 */
export function sessionWrapper(
  socket: FakeSocket,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  url = '/',
  { realtime = false } = {},
) {
  const session: Session = {
    status: 'logged_in',
    user: TEST_USER,
    userId: TEST_USER.id,
    socket: socket as unknown as SocketClient,
    signIn: () => {},
    renamed: () => {},
    signOut: async () => {},
    tokenFailed: () => {},
  };
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>
          <RouterAt url={url}>
            {realtime && <RealtimeSync />}
            {children}
          </RouterAt>
        </SessionContext.Provider>
      </QueryClientProvider>
    );
  };
}
