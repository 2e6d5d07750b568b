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
