import { describe, expect, it } from 'vitest';
import { CARD_TEXTS } from './card-texts';

// The card words what the screens word, from the same catalogue entries: these are the texts the
// card's own tables said before they went to the catalogues.
describe('the result card texts', () => {
  it.each([
    ['en', 'Live · Round 2 of 5', 'avg 12.5 g', '3 exact', 'Final results', 'Fast Game'],
    ['de', 'Live · Runde 2 von 5', 'Ø 12,5 g', '3 Volltreffer', 'Endergebnis', 'Schnelles Spiel'],
  ] as const)('in %s', (language, live, mean, exact, final, fastGame) => {
    const T = CARD_TEXTS[language];
    expect(T.live(2, 5)).toBe(live);
    expect(T.mean(T.number(12.5, 1))).toBe(mean);
    expect(T.exact(3)).toBe(exact);
    expect(T.finalResults).toBe(final);
    expect(T.fastGame).toBe(fastGame);
  });

  it('count awards in the right plural', () => {
    expect(CARD_TEXTS.en.awardValue('sniper', 1, '1')).toBe('1 exact match');
    expect(CARD_TEXTS.en.awardValue('sniper', 2, '2')).toBe('2 exact matches');
    expect(CARD_TEXTS.en.awardValue('comeback', 1, '1')).toBe('Up 1 place');
    expect(CARD_TEXTS.de.awardValue('comeback', 2, '2')).toBe('2 Plätze gutgemacht');
    // Without a game: the neutral word (cardTextsFor words it in the game's drinks).
    expect(CARD_TEXTS.de.awardValue('mostPenalties', 1, '1')).toBe('1 Strafe');
    expect(CARD_TEXTS.de.awardValue('closest', 4.5, '4,5')).toBe('Im Schnitt 4,5 g daneben');
    expect(CARD_TEXTS.de.award.steadiest).toBe('Ruhigste Hand');
  });

  it('name the rules and the day, count penalties in the drink, mark who is out', () => {
    const day = new Date('2026-11-28T12:00:00Z');
    expect(CARD_TEXTS.en.preset('bundeswiega')).toBe('Bundeswiega');
    expect(CARD_TEXTS.de.preset('classic')).toBe('Klassisch');
    expect(CARD_TEXTS.de.preset('custom')).toBe('Eigene Regeln');
    expect(CARD_TEXTS.en.date(day)).toBe('November 28, 2026');
    expect(CARD_TEXTS.de.date(day)).toBe('28. November 2026');
    expect(CARD_TEXTS.en.penalties(1, 'spirit')).toBe('1 Schnaps');
    expect(CARD_TEXTS.en.penalties(2, 'sip')).toBe('2 sips');
    expect(CARD_TEXTS.de.penalties(2, 'spirit')).toBe('2 Schnäpse');
    expect(CARD_TEXTS.de.penalties(1, 'sip')).toBe('1 Schluck');
    expect(CARD_TEXTS.en.out).toBe('out');
    expect(CARD_TEXTS.de.out).toBe('raus');
  });

  it("word each scoring's figure as the results show it", () => {
    expect(CARD_TEXTS.en.scoring('mean-penalties')).toBe('Mean + penalties');
    expect(CARD_TEXTS.de.scoring('mean-penalties')).toBe('Schnitt + Schnäpse');
    expect(CARD_TEXTS.en.score('mean', 6)).toBe('avg 6.0 g');
    expect(CARD_TEXTS.de.score('mean-penalties', 6.5)).toBe('6,5');
    expect(CARD_TEXTS.en.score('golf', 34)).toBe('34 g');
    expect(CARD_TEXTS.en.score('points', 1)).toBe('1 Point');
    expect(CARD_TEXTS.de.score('marks', 2)).toBe('2 Striche');
  });
});
