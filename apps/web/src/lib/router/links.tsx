import {
  useEffect,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { hrefOf, resolve, type To } from './history';
import { useLocation, useNavigate } from './router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the browser should handle itself: another button, a modifier key, another target. */
const leftToBrowser = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (target !== undefined && target !== '_self');

/**
 * An anchor that navigates inside the app. A link to the page already shown replaces the entry
 * instead of adding one, as React Router's does.
 */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = hrefOf(resolve(to, location.pathname));
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leftToBrowser(event, target)) return;
        event.preventDefault();
        navigate(to, { replace: replace ?? hrefOf(location) === href, state });
      }}
    >
      {children}
    </a>
  );
}

interface ActiveState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on this very path, not also below it. */
  end?: boolean;
  className?: string | ((state: ActiveState) => string | undefined);
  children?: ReactNode | ((state: ActiveState) => ReactNode);
}

/**
 * A Link that knows whether it leads to the current page (or, without `end`, a page below it):
 * aria-current="page", and the class "active" beside a string className.
 */
export function NavLink({ end = false, className, children, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = resolve(rest.to, pathname)
    .pathname.toLowerCase()
    .replace(/(.)\/+$/, '$1');
  const current = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const isActive =
    current === target ||
    (!end && target !== '/' && current.startsWith(target) && current.charAt(target.length) === '/');
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className(state)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined
      }
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

/** Navigates once rendered: the way a guard sends the reader elsewhere. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const place = JSON.stringify(to);
  useEffect(() => {
    navigate(JSON.parse(place) as To, { replace, state });
  }, [navigate, place, replace, state]);
  return null;
}
