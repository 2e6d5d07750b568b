import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { BLUETOOTH_TEXTS } from '@beerscale/contract/bluetooth-bridge';
import { ERROR_TEXTS } from '@beerscale/contract/error-codes';
import { GAME_STATE_MESSAGES } from '@beerscale/contract/game-state';
import { ERRORS, TOASTS } from '@beerscale/contract/messages';
import { activate, i18n } from './i18n';

// The catalogues: the same keys in every language (in the same part), the same placeholders in
// each message, and English word for word the contract's texts (packages/contract/src/messages.ts
// and the other text tables).

type Catalogue = Record<string, string>;
const read = (path: string): Catalogue =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../locales', path), 'utf8'));
const parts = (language: string) => ({
  firstScreen: read(`first-screen/${language}.json`),
  rest: read(`${language}.json`),
});
const enParts = parts('en');
const deParts = parts('de');
const en: Catalogue = { ...enParts.firstScreen, ...enParts.rest };
const de: Catalogue = { ...deParts.firstScreen, ...deParts.rest };

/** The arguments a message uses, from its compiled form (plural and select cases included). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , cases] = token as [string, string?, Record<string, unknown>?];
      names.add(name);
      for (const inner of Object.values(cases ?? {})) walk(inner);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('the catalogues', () => {
  it('have the same keys in English and German, part by part', () => {
    for (const part of ['firstScreen', 'rest'] as const) {
      const [english, german] = [enParts[part], deParts[part]];
      expect(
        Object.keys(german).filter((key) => !(key in english)),
        part,
      ).toEqual([]);
      expect(
        Object.keys(english).filter((key) => !(key in german)),
        part,
      ).toEqual([]);
    }
  });

  it('hold each key in one part only', () => {
    expect(Object.keys(enParts.firstScreen).filter((key) => key in enParts.rest)).toEqual([]);
  });

  it('leave no message empty and use the same placeholders in both languages', () => {
    for (const [key, message] of Object.entries(en)) {
      expect(message.trim(), key).not.toBe('');
      expect(de[key]?.trim(), key).not.toBe('');
      expect(placeholders(de[key]!), key).toEqual(placeholders(message));
    }
  });

  it('hold a German text for every refusal code of the contract', () => {
    for (const [code, text] of Object.entries(ERROR_TEXTS)) {
      expect(en[`error.${code}`], code).toBe(text);
      expect(de[`error.${code}`], code).toBeTruthy();
    }
  });

  it("say the contract's English texts word for word", async () => {
    await activate('en');
    const t = (key: string, values?: Record<string, string | number>) => i18n._(key, values);
    expect(t('toast.rankedSetup')).toBe(TOASTS.rankedSetup);
    expect(t('toast.invitationResponse', { player: 'Anna', status: 'accepted' })).toBe(
      TOASTS.invitationResponse('Anna', 'accepted'),
    );
    expect(t('toast.gameCancelledByLeader', { name: 'Fri' })).toBe(
      TOASTS.gameCancelledByLeader('Fri'),
    );
    expect(t('toast.playerKicked', { player: 'Ben' })).toBe(TOASTS.playerKicked('Ben'));
    expect(t('toast.gameCompleted', { name: 'Fri' })).toBe(TOASTS.gameCompleted('Fri'));
    for (const key of Object.keys(TOASTS) as (keyof typeof TOASTS)[]) {
      if (typeof TOASTS[key] === 'string') expect(t(`toast.${key}`), key).toBe(TOASTS[key]);
    }
    expect(t('login.failedStatus', { status: 502 })).toBe(ERRORS.loginStatus(502));
    expect(t('register.failedStatus', { status: 'Bad Gateway' })).toBe(
      ERRORS.registrationStatus('Bad Gateway'),
    );
    for (const [key, text] of Object.entries(BLUETOOTH_TEXTS)) expect(t(`bt.${key}`)).toBe(text);
    expect(t('typed.title')).toBe(GAME_STATE_MESSAGES.typedTitle);
    expect(t('live.notRated')).toBe(GAME_STATE_MESSAGES.notRated);
    expect(t('board.empty')).toBe('No games played yet!');
    expect(t('board.emptyHint')).toBe('Complete a game to see the leaderboard.');
  });

  it('speaks German with German plurals and selects', async () => {
    await activate('de');
    expect(i18n._('live.roundsPlayed', { count: 1 })).toBe('1 Runde gespielt');
    expect(i18n._('live.roundsPlayed', { count: 3 })).toBe('3 Runden gespielt');
    expect(i18n._('toast.invitationResponse', { player: 'Anna', status: 'declined' })).toBe(
      'Anna hat die Einladung abgelehnt',
    );
    await activate('en');
  });
});
