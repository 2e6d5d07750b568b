import { describe, expect, it } from 'vitest';
import { errorStatuses, pathWith, successStatus } from './endpoint';
import { endpoints } from './endpoints';

const entries = Object.entries(endpoints);

describe('the endpoint table', () => {
  it('names each method and path once', () => {
    const routes = entries.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(entries)('%s: its path parameters are the keys of its params, in order', (_name, e) => {
    const inPath = [...e.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const declared = 'params' in e ? Object.keys(e.params.shape) : [];
    expect(declared).toEqual(inPath);
  });

  it.each(entries)('%s: succeeds with 200 or 201, refuses with error statuses', (_name, e) => {
    expect([200, 201]).toContain(successStatus(e));
    for (const status of errorStatuses(e)) expect(status).toBeGreaterThanOrEqual(400);
  });

  it('fills a path with encoded values and refuses a missing one', () => {
    expect(pathWith(endpoints.cancelInvite.path, { id: 7, inviteId: '9' })).toBe(
      '/api/games/7/invites/9',
    );
    expect(pathWith(endpoints.watchState.path, { token: 'a/b' })).toBe('/api/watch/a%2Fb');
    expect(() => pathWith(endpoints.game.path, {})).toThrow('no value for {id}');
  });

  it('gives protected endpoints 401 and admin endpoints 403 too', () => {
    expect(errorStatuses(endpoints.home)).toContain(401);
    expect(errorStatuses(endpoints.home)).not.toContain(403);
    expect(errorStatuses(endpoints.adminScales)).toEqual(expect.arrayContaining([401, 403]));
    expect(errorStatuses(endpoints.register)).not.toContain(403);
    // A public call's 403 is its own rule's: sign-in refuses a disabled account.
    expect(errorStatuses(endpoints.login)).toContain(403);
    // verify-token's 401 has its own shape, not the refusal's.
    expect(errorStatuses(endpoints.verifyToken)).not.toContain(401);
  });
});
