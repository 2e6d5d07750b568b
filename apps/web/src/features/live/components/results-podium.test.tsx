import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import { activate } from '../../../i18n/i18n';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { testGame, testPlayer } from '../../../testing/game-state';
import { ResultsPodium } from './results-podium';

// What the results say about the game as a whole (issue 44 item 9): the rounds without the
// finale, a count's word by its number, one word for penalties.

afterEach(async () => {
  cleanup();
  await activate('en');
});

const done = (rules = RULE_PRESETS.bundeswiega, differences = [3, 5, 8, 6]) =>
  testGame({
    status: 'completed',
    phase: null,
    rules,
    roundsPlanned: 3,
    players: [
      testPlayer(1, { differences, rank: 1, meanDifference: 5.5, score: 1 }),
      testPlayer(2, { differences, rank: 2, meanDifference: 5.5, score: 2 }),
    ],
  });

describe('ResultsPodium', () => {
  it('counts three rounds and the finale as three rounds and the finale', async () => {
    await activate('de');
    render(<ResultsPodium game={done()} />);
    expect(screen.getByText('3 Runden und das Finale gespielt')).toBeTruthy();
    expect(screen.queryByText('4 Runden gespielt')).toBeNull();
  });

  it('counts the rounds of a game without a finale as before', () => {
    render(<ResultsPodium game={done(RULE_PRESETS.classic, [3, 5, 8])} />);
    expect(screen.getByText('3 rounds played')).toBeTruthy();
  });

  it('says one mark in the singular and two in the plural', async () => {
    await activate('de');
    render(<ResultsPodium game={done(RULE_PRESETS.strichliste, [3, 5, 8])} />);
    const scores = screen.getAllByTestId('result-score').map((score) => score.textContent);
    expect(scores).toEqual(['1Strich', '2Striche']);
  });

  // The award counts in the game's penalty drinks as the tally does (components/rules/
  // penalty-words.test.tsx); its titles never celebrate spirits.
  it('names the most penalties award without celebrating Schnaps', () => {
    expect(de['awards.mostPenalties']).toBe('Meiste Strafen');
    expect(de['awards.mostPenalties.sip']).toBe('Meiste Schlucke');
    expect(en['awards.mostPenalties']).toBe('Most penalties');
    expect(en['awards.mostPenalties.sip']).toBe('Most sips');
  });
});
