import { describe, expect, it } from 'vitest';
import { health } from '@beerscale/contract/api/health';
import { leaderboard } from '@beerscale/contract/api/leaderboard';
import { watchState } from '@beerscale/contract/api/watch';
import { OFFLINE_PAGE, pwaOptions } from '../../pwa.config';

// The service worker's rules, as the build hands them to Workbox (the e2e pwa spec checks the
// built worker in Chromium).

type Match = (options: { request: { mode: string }; url: URL }) => boolean;

const routes = pwaOptions.workbox?.runtimeCaching ?? [];
const matches = (mode: string, path: string) =>
  routes.filter((route) =>
    (route.urlPattern as Match)({ request: { mode }, url: new URL(path, 'http://x') }),
  );

describe('service worker', () => {
  it('lets a new version take over on the next visit, not mid-game', () => {
    expect(pwaOptions.registerType).toBe('prompt');
    expect(pwaOptions.workbox?.skipWaiting).toBe(false);
    expect(pwaOptions.workbox?.clientsClaim).toBe(false);
  });

  it('never answers an API call or a socket from a cache', () => {
    const watched = watchState.path.replace('{token}', 'abc');
    for (const path of [leaderboard.path, watched, '/ws', '/ws/watch?token=x']) {
      expect(matches('cors', path), path).toEqual([]);
      expect(matches('same-origin', path), path).toEqual([]);
    }
    expect(matches('navigate', health.path)).toEqual([]);
  });

  it('fetches pages from the network and shows the offline page without one', () => {
    const [route] = matches('navigate', '/watch/abc');
    expect(route?.handler).toBe('NetworkOnly');
    expect(route?.options?.precacheFallback?.fallbackURL).toBe(OFFLINE_PAGE);
    expect(pwaOptions.workbox?.navigateFallback).toBeNull();
  });
});

describe('web app manifest', () => {
  it('speaks no single language: no lang, a description in German and English', () => {
    expect(pwaOptions.manifest && 'lang' in pwaOptions.manifest).toBe(false);
    expect(pwaOptions.manifest && pwaOptions.manifest.description).toMatch(/Bierwiegen.*beer/);
  });
});
