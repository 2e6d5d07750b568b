import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RouterAt } from '../testing/router-at';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '@beerscale/contract/api/account';
import { login } from '@beerscale/contract/api/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { AppRoutes } from '../app/app-routes';
import { Providers } from '../app/providers';
import { refusal, serve } from '../testing/contract-server';
import { activate, i18n } from './i18n';

// The public pages show before the rest of the catalogue is fetched, so every text they ask for
// (refusals included) must be in the first screen's part, which the entry carries.

const firstScreen: Record<string, string> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../locales/first-screen/de.json'), 'utf8'),
);

const asked = new Set<string>();

function open(url: string) {
  render(
    <RouterAt url={url}>
      <Providers>
        <AppRoutes />
      </Providers>
    </RouterAt>,
  );
}

beforeEach(async () => {
  localStorage.clear();
  await activate('de');
  const translate = i18n._.bind(i18n);
  vi.spyOn(i18n, '_').mockImplementation(((id: string, ...rest: unknown[]) => {
    asked.add(id);
    return (translate as (...args: unknown[]) => string)(id, ...rest);
  }) as typeof i18n._);
  serve(site, () => ({
    imprintUrl: null,
    privacyUrl: null,
    helpUrl: 'https://www.kenn-dein-limit.de',
  }));
  // The sign-in is refused, so the page shows a refusal's text too.
  serve(login, () =>
    refusal(login, 401, { error: ERRORS.invalidCredentials, code: 'INVALID_CREDENTIALS' }),
  );
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await activate('en');
});

describe('the first screen part of the catalogue', () => {
  it('holds every text of the landing, sign-in, registration and not-found pages', async () => {
    open('/');
    expect(await screen.findByText(firstScreen['landing.headline']!)).toBeTruthy();
    cleanup();

    open('/login');
    fireEvent.click(await screen.findByRole('button', { name: firstScreen['login.signIn'] }));
    fireEvent.change(screen.getByLabelText(firstScreen['login.username']!), {
      target: { value: 'hopfen' },
    });
    fireEvent.change(screen.getByLabelText(firstScreen['login.password']!), {
      target: { value: 'secret-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: firstScreen['login.signIn'] }));
    expect(await screen.findByText(firstScreen['error.INVALID_CREDENTIALS']!)).toBeTruthy();
    cleanup();

    open('/register');
    fireEvent.click(await screen.findByRole('button', { name: firstScreen['register.submit'] }));
    expect(await screen.findByText(firstScreen['error.MAC_REQUIRED']!)).toBeTruthy();
    cleanup();

    open('/nowhere');
    expect(await screen.findByText(firstScreen['notFound.title']!)).toBeTruthy();

    expect(asked.size).toBeGreaterThan(20);
    expect([...asked].filter((id) => !(id in firstScreen))).toEqual([]);
  });
});
