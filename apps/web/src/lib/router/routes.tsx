import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useMemo,
  type ReactElement,
  type ReactNode,
} from 'react';
import { matchRoutes, type Params, type RouteConfig } from './match-path';
import { useLocation } from './router';

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A row of the route table; only ever read by Routes, never rendered itself. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('A <Route> is only ever used as a child of <Routes> or of another <Route>');
}

interface RouteValue {
  outlet: ReactNode;
  params: Params;
}

const RouteContext = createContext<RouteValue>({ outlet: null, params: {} });

function configOf(children: ReactNode): RouteConfig[] {
  const routes: RouteConfig[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...configOf(child.props.children));
      return;
    }
    const { path, index, element, children: nested } = child.props;
    routes.push({ path, index, element, children: configOf(nested) });
  });
  return routes;
}

/**
 * Shows the best-ranked route for the current path (match-path.ts), each layout route's
 * element holding the next one in its Outlet. Nothing matches: nothing shows.
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const config = useMemo(() => configOf(children), [children]);
  const match = useMemo(() => matchRoutes(config, pathname), [config, pathname]);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext.Provider value={{ outlet, params: match.params }}>
        {route.element === undefined ? outlet : (route.element as ReactNode)}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route shows the matched route inside it. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/** The values of the matched path's parameters (`:token` -> { token }). */
export function useParams<K extends string = string>(): Readonly<Partial<Record<K, string>>> {
  return useContext(RouteContext).params as Partial<Record<K, string>>;
}
