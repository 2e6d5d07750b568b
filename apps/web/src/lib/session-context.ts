import { createContext, useContext } from 'react';
import type { SessionUser } from '@beerscale/contract/auth';
import type { SocketClient } from './socket-client';

export type SessionStatus = 'checking' | 'offline' | 'logged_in';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  socket: SocketClient;
  signIn(token: string, user: SessionUser): void;
  signOut(): Promise<void>;
  /** The token was refused: drop everything and go to /login (SPEC §4). */
  tokenFailed(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
