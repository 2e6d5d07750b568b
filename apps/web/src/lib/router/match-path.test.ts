import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes, type RouteConfig } from './match-path';

const route = (path: string | undefined, children: RouteConfig[] = []): RouteConfig => ({
  path,
  element: path ?? 'layout',
  children,
});

// The shape of app-routes.tsx: layouts without a path, parameters, a splat last in the table.
const table = [
  route(undefined, [route('/'), route('/login')]),
  route('/game/:id'),
  route('/game/instructions'),
  route('/watch/:token'),
  route(undefined, [route(undefined, [route('/home'), route('/game')])]),
  route('*'),
];

const matched = (pathname: string) => {
  const match = matchRoutes(table, pathname);
  return match && { paths: match.routes.map((r) => r.element), params: match.params };
};

describe('matchRoutes', () => {
  it.each([
    ['/', ['layout', '/']],
    ['/login', ['layout', '/login']],
    ['/LOGIN/', ['layout', '/login']],
    ['/game/instructions', ['/game/instructions']],
    ['/game/7', ['/game/:id']],
    ['/game', ['layout', 'layout', '/game']],
    ['/home', ['layout', 'layout', '/home']],
    ['/nowhere/at/all', ['*']],
    ['/login/more', ['*']],
  ])('%s shows %j', (pathname, paths) => {
    expect(matched(pathname)?.paths).toEqual(paths);
  });

  it('hands over decoded parameters, and the splat as *', () => {
    expect(matched('/watch/a%20b')?.params).toEqual({ token: 'a b' });
    expect(matched('/x/y')?.params).toEqual({ '*': 'x/y' });
  });

  it('matches nothing without a fitting route', () => {
    expect(matchRoutes([route('/a')], '/b')).toBeNull();
  });
});

describe('matchPath', () => {
  it.each([
    ['/reset/:token', '/reset/abc', { token: 'abc' }],
    ['/reset/:token', '/reset/', null],
    ['/reset/:token', '/reset/a/b', null],
    ['/files/*', '/files', { '*': undefined }],
    ['/files/*', '/files/a/b', { '*': 'a/b' }],
    ['/a.b', '/axb', null],
  ])('%s against %s', (pattern, pathname, params) => {
    expect(matchPath(pattern, pathname)).toEqual(params);
  });
});
