import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupRecordsReply, GroupTableRow } from '@beerscale/contract/groups';
import { activate } from '../../../i18n/i18n';
import { GroupRecordsView } from './group-records-view';

// The hall of fame says why a closed season has no champion: no games at all, or nobody with the
// 3 games a champion needs.

const row = (memberId: number, name: string, games: number): GroupTableRow => ({
  memberId,
  name,
  elo: 1216,
  games,
  wins: 1,
  exactHits: 0,
  meanDifference: 12.5,
  penalties: 0,
  provisional: games < 3,
  form: [],
});

const season = (number: number, name: string | null) => ({
  number,
  name,
  startedAt: '2026-03-01T18:00:00.000Z',
  endedAt: '2026-06-01T18:00:00.000Z',
});

const RECORDS: GroupRecordsReply = {
  hallOfFame: [
    {
      season: season(3, 'Summer'),
      champion: { memberId: 12, name: 'Malt', elo: 1232 },
      table: [row(12, 'Malt', 4)],
    },
    {
      season: season(2, 'Spring'),
      champion: null,
      table: [row(12, 'Malt', 2), row(13, 'Hops', 2)],
    },
    { season: season(1, 'Winter'), champion: null, table: [] },
  ],
  records: [],
  drinks: [],
};

function seasonRow(name: string): HTMLElement {
  return screen.getByText(name).closest('li')!;
}

afterEach(async () => {
  cleanup();
  await activate('en');
});

describe('the hall of fame', () => {
  it('names the champion, or why there is none', () => {
    render(<GroupRecordsView records={RECORDS} linkGames={false} />);
    expect(within(seasonRow('Summer')).getByLabelText('Champion')).toBeTruthy();
    expect(seasonRow('Summer').textContent).toContain('Malt');
    expect(within(seasonRow('Spring')).queryByLabelText('Champion')).toBeNull();
    expect(
      within(seasonRow('Spring')).getByText('No champion: nobody played 3 games'),
    ).toBeTruthy();
    expect(seasonRow('Spring').textContent).not.toContain('No games');
    expect(within(seasonRow('Winter')).getByText('No games')).toBeTruthy();
  });

  it('says the same in German', async () => {
    await activate('de');
    render(<GroupRecordsView records={RECORDS} linkGames={false} />);
    expect(
      within(seasonRow('Spring')).getByText('Kein Meister: niemand hat 3 Spiele gespielt'),
    ).toBeTruthy();
    expect(within(seasonRow('Winter')).getByText('Keine Spiele')).toBeTruthy();
  });
});

describe('what the members drank', () => {
  const drinks: GroupRecordsReply['drinks'] = [
    {
      memberId: 13,
      name: 'Hops',
      games: 1,
      drankGrams: 1250,
      alcoholGrams: 49.3,
      standardDrinks: 4.9,
      alcoholFreeGrams: 0,
    },
    {
      memberId: 12,
      name: 'Malt',
      games: 3,
      drankGrams: 900,
      alcoholGrams: 0,
      standardDrinks: 0,
      alcoholFreeGrams: 900,
    },
  ];

  it.each([
    [
      'en',
      'What we drank',
      'By name: an overview, not a contest.',
      ['Hops1 gameDrunk 1,250 g · alcohol 49.3 g · 4.9 standard drinks'],
      'Malt3 gamesDrunk 900 g · alcohol 0.0 g · 0.0 standard drinksof it 900 g water or alcohol-free',
    ],
    [
      'de',
      'Was wir getrunken haben',
      'Nach Namen: eine Übersicht, kein Wettbewerb.',
      ['Hops1 SpielGetrunken 1.250 g · Alkohol 49,3 g · 4,9 Standardgetränke'],
      'Malt3 SpieleGetrunken 900 g · Alkohol 0,0 g · 0,0 Standardgetränkedavon 900 g Wasser oder alkoholfrei',
    ],
  ] as const)(
    'lists each member quietly by name in %s',
    async (language, title, note, first, water) => {
      await activate(language);
      render(<GroupRecordsView records={{ ...RECORDS, drinks }} linkGames />);
      const section = screen.getByRole('region', { name: title });
      expect(section.textContent).toContain(note);
      const rows = within(section)
        .getAllByTestId('group-drinks-row')
        .map((r) => r.textContent);
      expect(rows).toEqual([...first, water]);
      // Nothing ranks or crowns what anyone drank.
      expect(within(section).queryByLabelText('Champion')).toBeNull();
    },
  );

  it('is left out without drinks (the public page) or before any game', () => {
    const { rerender } = render(<GroupRecordsView records={RECORDS} linkGames />);
    expect(screen.queryByRole('region', { name: 'What we drank' })).toBeNull();
    const { drinks: _left, ...publicRecords } = { ...RECORDS, drinks };
    rerender(<GroupRecordsView records={publicRecords} linkGames={false} />);
    expect(screen.queryByRole('region', { name: 'What we drank' })).toBeNull();
  });
});
