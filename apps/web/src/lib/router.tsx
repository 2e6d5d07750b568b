// What the app adds to wouter (docs/ARCHITECTURE.md, Routes and guards): the history entry each
// navigation leaves, the URL's query and hash, and a navigation link that knows it is current.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, Router, useLocation, useRoute, type AroundNavHandler } from 'wouter';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';

/** What a navigation leaves in its history entry: the state it carried and a key of its own. */
interface Visit {
  state: unknown;
  key: string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const shownUrl = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * Every navigation (Link, Redirect, navigate, a new query) records its state beside a new key, so
 * a screen can start afresh on another visit to the same URL (LiveView). A navigation to the URL
 * already shown replaces its entry instead of adding one.
 */
const aroundNav: AroundNavHandler = (navigate, to, options) => {
  const visit: Visit = { state: options?.state ?? null, key: newKey() };
  navigate(to, { replace: options?.replace ?? to === shownUrl(), state: visit });
};

/** The browser's location, matched as wouter does: case-insensitive, a trailing slash allowed. */
export function AppRouter({ children }: { children: ReactNode }) {
  return <Router aroundNav={aroundNav}>{children}</Router>;
}

/** The URL shown, in parts: path, query (with its '?') and hash (with its '#'). */
export function useUrl() {
  const [pathname] = useLocation();
  const search = useLocationProperty(() => window.location.search);
  const hash = useLocationProperty(() => window.location.hash);
  return { pathname, search, hash };
}

/** The state the navigation here carried (e.g. { username } after registering), and its key. */
export function useVisit(): Visit {
  const visit = useHistoryState<Partial<Visit> | null>();
  return { state: visit?.state ?? null, key: visit?.key ?? 'first' };
}

interface Active {
  isActive: boolean;
}

interface NavLinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'className' | 'href' | 'children'
> {
  to: string;
  className?: string | ((active: Active) => string);
  children?: ReactNode | ((active: Active) => ReactNode);
}

/** A link in the navigation: marked (aria-current, its class and content) on its own page. */
export function NavLink({ to, className, children, ...rest }: NavLinkProps) {
  const [isActive] = useRoute(to);
  const active = { isActive };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(active) : className}
    >
      {typeof children === 'function' ? children(active) : children}
    </Link>
  );
}
