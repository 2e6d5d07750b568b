import { createContext, useContext } from 'react';
import type { SessionUser } from '@beerscale/contract/auth';
import type { SocketClient } from './socket-client';

/** Offline until the token is verified or login succeeds, then logged in. */
export type SessionStatus = 'checking' | 'offline' | 'logged_in';

export interface Session {
  status: SessionStatus;
  /** The verified user; null while offline, or when the server could not be asked on load. */
  user: SessionUser | null;
  /** The signed-in user's id, from the user or from storage (key userId). */
  userId: number | null;
  socket: SocketClient;
  signIn(token: string, user: SessionUser): void;
  /** The player renamed themselves: the session and the stored playerName follow. */
  renamed(playerName: string): void;
  /** POST /api/logout, then clear everything and go to / even if the call failed. */
  signOut(): Promise<void>;
  /** The token was refused or has expired: drop everything and go to /login. */
  tokenFailed(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
