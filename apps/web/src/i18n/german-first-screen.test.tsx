import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterAt } from '../testing/router-at';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../app/app-routes';
import { Providers } from '../app/providers';
import { firstScreenLoaded, i18n, showPreferredLanguage } from './i18n';

// The entry carries only English's first-screen texts; a German reader's public pages wait for
// German's (a chunk fetched beside the page's own) and never show in English first.

const germanTexts = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});

vi.mock('./first-screen-de', async (importOriginal) => {
  await germanTexts.arrived;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a German reader's first screen", () => {
  it('shows the sign-in page once its German texts are in, never in English before', async () => {
    // Signed out, the sign-in page asks the server nothing: no entry is served, so a request
    // would fail the test.
    localStorage.clear();
    vi.stubGlobal('navigator', { languages: ['de-DE'] });
    const translate = i18n._.bind(i18n);
    const asked: { id: string; locale: string }[] = [];
    vi.spyOn(i18n, '_').mockImplementation(((id: string, ...rest: unknown[]) => {
      asked.push({ id, locale: i18n.locale });
      return (translate as (...args: unknown[]) => string)(id, ...rest);
    }) as typeof i18n._);

    showPreferredLanguage();
    let shown = false;
    void firstScreenLoaded().then(() => (shown = true));
    render(
      <RouterAt url={'/login'}>
        <Providers>
          <AppRoutes />
        </Providers>
      </RouterAt>,
    );
    // The page's own chunk is in and React has had every chance to show it: still waiting.
    await act(async () => {
      await import('../routes/login');
    });
    expect(shown).toBe(false);
    expect(asked.filter(({ id }) => id.startsWith('login.'))).toEqual([]);

    germanTexts.release();
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(shown).toBe(true);
    expect(document.documentElement.lang).toBe('de');
    const pageTexts = asked.filter(({ id }) => id.startsWith('login.'));
    expect(pageTexts.length).toBeGreaterThan(0);
    expect(pageTexts.filter(({ locale }) => locale !== 'de')).toEqual([]);
  });
});
