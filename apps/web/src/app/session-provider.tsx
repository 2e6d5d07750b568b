import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { SessionUser } from '@beerscale/contract/auth';
import { logout } from '../features/auth/api/logout';
import { verifyToken } from '../features/auth/api/verify-token';
import { setUnauthorizedHandler } from '../lib/unauthorized';
import { forgetTarget } from '../lib/redirect';
import { SessionContext, type Session, type SessionStatus } from '../lib/session-context';
import { DEFAULT_LIVENESS_MS, SocketClient } from '../lib/socket-client';
import { clearAll, read, STORAGE_KEYS, write } from '../lib/storage';
import { isTokenUsable } from '../lib/token';
import { t } from '../i18n/use-t';

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`;
}

function remember(user: SessionUser): void {
  write(STORAGE_KEYS.userId, String(user.id));
  write(STORAGE_KEYS.username, user.username);
  write(STORAGE_KEYS.playerName, user.playerName);
}

/**
 * The session (docs/ARCHITECTURE.md, Session): verifies a stored token on load, signs in and out,
 * ends the session when the token is refused or expires, and owns the live socket.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  // Any stored token is 'checking' until the server (or the expiry check) has decided.
  const [status, setStatus] = useState<SessionStatus>(() =>
    read(STORAGE_KEYS.token) ? 'checking' : 'offline',
  );
  const [user, setUser] = useState<SessionUser | null>(null);
  const tokenFailedRef = useRef<() => void>(() => {});

  const [socket] = useState(
    () =>
      new SocketClient({
        url: socketUrl,
        getToken: () => read(STORAGE_KEYS.token),
        loadProtocol: () => import('../lib/socket-protocol').then((m) => m.socketProtocol),
        recheckToken: async () => {
          const reply = await verifyToken();
          if (reply && !reply.valid) tokenFailedRef.current();
          // No answer is not a verdict: keep trying.
          return reply?.valid !== false;
        },
        livenessMs: DEFAULT_LIVENESS_MS,
        network: window,
      }),
  );

  const reset = useCallback(() => {
    socket.stop();
    clearAll();
    // The cache's module loads with the first shell that needs it; a session that never loaded
    // it has nothing cached.
    void import('./query-client').then(({ clearCache }) => clearCache());
    setUser(null);
    setStatus('offline');
  }, [socket]);

  const tokenFailed = useCallback(() => {
    reset();
    navigate('/login', { replace: true });
  }, [navigate, reset]);

  useEffect(() => {
    tokenFailedRef.current = tokenFailed;
    setUnauthorizedHandler(tokenFailed);
    return () => setUnauthorizedHandler(null);
  }, [tokenFailed]);

  // On load: a stored token is checked for structure and expiry, then confirmed by the server.
  useEffect(() => {
    const token = read(STORAGE_KEYS.token);
    if (!token) return;
    if (!isTokenUsable(token)) {
      tokenFailedRef.current();
      return;
    }
    let cancelled = false;
    void verifyToken().then((reply) => {
      if (cancelled) return;
      if (reply && !reply.valid) {
        tokenFailedRef.current();
        return;
      }
      if (reply?.user) {
        remember(reply.user);
        setUser(reply.user);
      }
      // Without an answer the token is kept: calls will tell when it is refused.
      setStatus('logged_in');
      socket.start();
    });
    return () => {
      cancelled = true;
    };
  }, [socket]);

  // A tab left open past the token's expiry ends the session when the user comes back to it.
  useEffect(() => {
    if (status !== 'logged_in') return;
    const check = () => {
      if (document.visibilityState === 'visible' && !isTokenUsable(read(STORAGE_KEYS.token))) {
        tokenFailed();
      }
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [status, tokenFailed]);

  // Logging out in another tab clears the shared storage: follow it here.
  useEffect(() => {
    if (status !== 'logged_in') return;
    const onStorage = (event: StorageEvent) => {
      if ((event.key === null || event.key === STORAGE_KEYS.token) && !read(STORAGE_KEYS.token)) {
        reset();
        navigate('/', { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [status, reset, navigate]);

  const signIn = useCallback(
    (token: string, signedIn: SessionUser) => {
      // Another account on this device starts from an empty cache.
      void import('./query-client').then(({ setCacheOwner }) => setCacheOwner(signedIn.id));
      write(STORAGE_KEYS.token, token);
      remember(signedIn);
      setUser(signedIn);
      setStatus('logged_in');
      socket.start();
    },
    [socket],
  );

  const renamed = useCallback((playerName: string) => {
    write(STORAGE_KEYS.playerName, playerName);
    setUser((current) => (current ? { ...current, playerName } : current));
  }, []);

  const signingOut = useRef(false);
  const signOut = useCallback(async () => {
    if (signingOut.current) return;
    signingOut.current = true;
    // Closed first: the server closes a revoked session's socket with 1008, which must not be
    // taken for a dead token (that would send the user to /login instead of /).
    socket.stop();
    try {
      await logout();
    } catch {
      void import('react-toastify').then(({ toast }) => toast.error(t('error.LOGOUT')));
    } finally {
      signingOut.current = false;
    }
    reset();
    forgetTarget();
    navigate('/', { replace: true });
  }, [navigate, reset, socket]);

  const storedId = Number(read(STORAGE_KEYS.userId));
  const userId = user?.id ?? (status === 'logged_in' && storedId > 0 ? storedId : null);

  const session: Session = useMemo(
    () => ({ status, user, userId, socket, signIn, renamed, signOut, tokenFailed }),
    [status, user, userId, socket, signIn, renamed, signOut, tokenFailed],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
