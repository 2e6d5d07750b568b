import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '../components/language-switch';
import { ApiError, errorMessage } from '../lib/api-client';
import { LANGUAGE_KEY } from '../lib/storage';
import { activate, preferredLanguage } from './i18n';
import { formatNumber, formatPercent } from './format';
import { useT } from './use-t';

// The language follows the browser, the reader's choice wins and is remembered, and refusals
// are shown in the chosen language by their code.

function Sample() {
  const { t } = useT();
  return <p>{t('board.empty')}</p>;
}

afterEach(async () => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  await activate('en');
});

describe('the reader language', () => {
  it("follows the browser's first language we have, else English", () => {
    vi.stubGlobal('navigator', { languages: ['fr-FR', 'de-AT', 'en'] });
    expect(preferredLanguage()).toBe('de');
    vi.stubGlobal('navigator', { languages: ['fr-FR'] });
    expect(preferredLanguage()).toBe('en');
  });

  it('is switched in the page at once and remembered over the browser', async () => {
    render(
      <>
        <LanguageSwitch />
        <Sample />
      </>,
    );
    expect(screen.getByText('No games played yet!')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), {
        target: { value: 'de' },
      });
    });
    expect(await screen.findByText('Noch keine Spiele gespielt!')).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    vi.stubGlobal('navigator', { languages: ['en-US'] });
    expect(preferredLanguage()).toBe('de');
  });

  it("shows a refusal in German by its code, else the server's English", async () => {
    await activate('de');
    const known = new ApiError('server', 404, 'Game not found', [], 'GAME_NOT_FOUND');
    expect(errorMessage(known, 'x')).toBe('Spiel nicht gefunden');
    const unknown = new ApiError(
      'server',
      400,
      'Game name must be 40 characters or less',
      [],
      'HTTP_400',
    );
    expect(errorMessage(unknown, 'x')).toBe('Game name must be 40 characters or less');
    await activate('en');
    expect(errorMessage(known, 'x')).toBe('Game not found');
  });

  it('puts the grams after the German text of a refusal that names them', async () => {
    await activate('de');
    const english = 'That amount leaves too little beer for a round: name at most 35 g';
    const tooLow = new ApiError('server', 409, english, [], 'TARGET_TOO_LOW');
    expect(errorMessage(tooLow, 'x')).toBe(
      'Diese Menge lässt zu wenig Bier für eine Runde: sag höchstens 35 g',
    );
    await activate('en');
    expect(errorMessage(tooLow, 'x')).toBe(english);
  });

  it('formats numbers and percentages for the language', async () => {
    await activate('de');
    expect(formatNumber(1234.5, 1)).toBe('1.234,5');
    expect(formatPercent(0.25)).toMatch(/^25\s%$/);
    await activate('en');
    expect(formatNumber(1234.5, 1)).toBe('1,234.5');
    expect(formatPercent(0.25)).toBe('25%');
  });
});
