import { describe, expect, it } from 'vitest';
import { displayText } from './display-language';

// Every DISPLAY line the engine and the play service word, in German; English as it is.
describe('displayText', () => {
  it.each([
    ['Anna: place your full can', 'Anna: stell deine volle Dose auf die Waage'],
    [
      '250 g is too light. Anna: place a full can',
      '250 g ist zu leicht. Anna: stell eine volle Dose drauf',
    ],
    [
      'Round 1: drink down to 412 g! Anna weighs first',
      'Runde 1: trinkt runter auf 412 g! Anna wiegt zuerst',
    ],
    [
      'Anna: EXACT 412 g! Ben: put your bottle on the scale',
      'Anna: GENAU 412 g! Ben: stell deine Flasche auf die Waage',
    ],
    [
      'Ben: 415 g, off by 3 g. Round 2: drink down to 380 g! Anna weighs first',
      'Ben: 415 g, 3 g daneben. Runde 2: trinkt runter auf 380 g! Anna wiegt zuerst',
    ],
    ['Ben: EXACT 380 g! Game over! Winner: Anna', 'Ben: GENAU 380 g! Spiel vorbei! Sieger: Anna'],
    [
      'Cleo: 382 g, off by 2 g. Game over! Winner: Anna & Ben',
      'Cleo: 382 g, 2 g daneben. Spiel vorbei! Sieger: Anna & Ben',
    ],
    ['Game over', 'Spiel vorbei'],
    ['Ready: set up a game in the app', 'Bereit: Richte in der App ein Spiel ein'],
    [
      'Friday: waiting for the leader to start',
      'Friday: wartet auf den Start durch die Spielleitung',
    ],
    ['Friday: cancelled', 'Friday: abgebrochen'],
  ])('%s', (english, german) => {
    expect(displayText(english, 'de')).toBe(german);
    expect(displayText(english, 'en')).toBe(english);
  });

  it('leaves a line it does not know in English', () => {
    expect(displayText('Something new', 'de')).toBe('Something new');
  });
});
