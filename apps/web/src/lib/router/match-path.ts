/** One route of the table: its own path segment (none for a layout route) and what it shows. */
export interface RouteConfig {
  path?: string;
  index?: boolean;
  element?: unknown;
  children: RouteConfig[];
}

export type Params = Record<string, string | undefined>;

export interface Match {
  /** The routes from the outermost layout to the matched screen. */
  routes: RouteConfig[];
  params: Params;
}

interface Branch {
  routes: RouteConfig[];
  path: string;
  score: number;
  order: number;
}

const isSplat = (segment: string) => segment === '*';
const isParam = (segment: string) => /^:[\w-]+$/.test(segment);

/**
 * The ranking of paths: static segments beat parameters, parameters beat a splat, so
 * /game/instructions wins over /game/:id and both over *, whatever the order in the table
 * (the scores React Router gives).
 */
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    total += isParam(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

const join = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

function flatten(routes: RouteConfig[], parents: RouteConfig[], parentPath: string, out: Branch[]) {
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : join(parentPath, route.path);
    const chain = [...parents, route];
    if (route.children.length > 0) flatten(route.children, chain, path, out);
    // A layout route without a path of its own is only ever matched through its children.
    if (route.path !== undefined || route.index) {
      out.push({
        routes: chain,
        path,
        score: score(path, route.index === true),
        order: out.length,
      });
    }
  }
  return out;
}

/** Matches a whole path against a pattern: case-insensitive, a trailing slash allowed. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const names: string[] = [];
  let source = pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    });
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  const found = new RegExp(`^${source}`, 'i').exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1];
    params[name] = value === undefined ? undefined : safeDecode(value);
  });
  return params;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The best-ranked route chain for a path, or null when none matches. */
export function matchRoutes(routes: RouteConfig[], pathname: string): Match | null {
  const branches = flatten(routes, [], '/', []).sort(
    (a, b) => b.score - a.score || a.order - b.order,
  );
  for (const branch of branches) {
    const params = matchPath(branch.path, pathname);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}
