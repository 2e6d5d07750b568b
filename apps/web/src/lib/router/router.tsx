import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  type History,
  type Location,
  type To,
} from './history';

interface RouterValue {
  history: History;
  location: Location;
}

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useLocation and useNavigate need a BrowserRouter or MemoryRouter');
  return router;
}

/**
 * Provides a history's location. A new location is rendered in a transition, so a screen still
 * loading (a lazy chunk) keeps the previous one on show instead of its spinner, as React Router
 * does.
 */
function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(
    () => history.listen((next) => startTransition(() => setLocation(next))),
    [history],
  );
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: readonly To[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export const useLocation = (): Location => useRouter().location;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

/** Navigates: push (or replace) a URL, or go back and forth by a number of entries. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    [history],
  ) as NavigateFunction;
}

/** The query of the current URL, and a navigation to another query on the same path. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate({ search: query ? `?${query}` : '' }, options);
    },
    [navigate],
  );
  return [params, set];
}
