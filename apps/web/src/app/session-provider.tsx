import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { SessionUser } from '@beerscale/contract/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { logout } from '../features/auth/api/logout';
import { verifyToken } from '../features/auth/api/verify-token';
import { setUnauthorizedHandler } from '../lib/api-client';
import { SessionContext, type Session, type SessionStatus } from '../lib/session-context';
import { SocketClient } from '../lib/socket-client';
import { clearAll, read, STORAGE_KEYS, write } from '../lib/storage';
import { isTokenUsable } from '../lib/token';

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<SessionStatus>(() =>
    isTokenUsable(read(STORAGE_KEYS.token)) ? 'checking' : 'offline',
  );
  const [user, setUser] = useState<SessionUser | null>(null);
  const failedRef = useRef<() => void>(() => {});

  const socket = useMemo(
    () =>
      new SocketClient({
        url: socketUrl,
        getToken: () => read(STORAGE_KEYS.token),
        recheckToken: async () => {
          const reply = await verifyToken();
          if (reply && !reply.valid) failedRef.current();
          return reply?.valid !== false;
        },
      }),
    [],
  );

  const reset = useCallback(() => {
    clearAll();
    socket.stop();
    setUser(null);
    setStatus('offline');
  }, [socket]);

  const tokenFailed = useCallback(() => {
    reset();
    navigate('/login', { replace: true });
  }, [navigate, reset]);
  useEffect(() => {
    failedRef.current = tokenFailed;
    setUnauthorizedHandler(tokenFailed);
    return () => setUnauthorizedHandler(null);
  }, [tokenFailed]);

  // On load: a stored token that looks fine is confirmed by the server before it is trusted.
  useEffect(() => {
    const token = read(STORAGE_KEYS.token);
    if (!token) return;
    if (!isTokenUsable(token)) {
      tokenFailed();
      return;
    }
    let cancelled = false;
    void verifyToken().then((reply) => {
      if (cancelled) return;
      if (reply?.valid && reply.user) {
        setUser(reply.user);
        setStatus('logged_in');
        socket.start();
      } else if (reply && !reply.valid) {
        tokenFailed();
      } else {
        // The server is unreachable: keep the session and let calls retry.
        setStatus('logged_in');
        socket.start();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [socket, tokenFailed]);

  const signIn = useCallback(
    (token: string, signedIn: SessionUser) => {
      write(STORAGE_KEYS.token, token);
      write(STORAGE_KEYS.userId, String(signedIn.id));
      write(STORAGE_KEYS.username, signedIn.username);
      write(STORAGE_KEYS.playerName, signedIn.playerName);
      setUser(signedIn);
      setStatus('logged_in');
      socket.start();
    },
    [socket],
  );

  const signOut = useCallback(async () => {
    // Closed first: the server closes a revoked session's socket with 1008, which must not be
    // read as a dead token (that would send the user to /login instead of /).
    socket.stop();
    try {
      await logout();
    } catch {
      toast.error(ERRORS.logout);
    }
    reset();
    navigate('/', { replace: true });
  }, [navigate, reset, socket]);

  const session: Session = useMemo(
    () => ({ status, user, socket, signIn, signOut, tokenFailed }),
    [status, user, socket, signIn, signOut, tokenFailed],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
