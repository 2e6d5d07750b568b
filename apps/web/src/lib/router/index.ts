// The app's router: the part of React Router's API the screens use (see docs/ARCHITECTURE.md),
// in about 2 KB gzip instead of React Router's 13, which kept the landing page's first load
// over its 90 KB budget (docs/PERFORMANCE.md).
export { createBrowserHistory, createMemoryHistory } from './history';
export type { History, Location, To } from './history';
export { Link, Navigate, NavLink } from './links';
export type { LinkProps, NavLinkProps } from './links';
export { matchPath, matchRoutes } from './match-path';
export { BrowserRouter, MemoryRouter, useLocation, useNavigate, useSearchParams } from './router';
export type { NavigateFunction, NavigateOptions } from './router';
export { Outlet, Route, Routes, useParams } from './routes';
export type { RouteProps } from './routes';
