import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  groupCard,
  groupClaimLink,
  groupDetail,
  groupGames,
  groupHeadToHead,
  groupLeaderboard,
  groupRecords,
  newGroupSeason,
  removeGroupMember,
} from '@beerscale/contract/api/groups';
import type { GroupDetail, GroupTableRow } from '@beerscale/contract/groups';
import { bodiesSent, callsTo, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { GroupPageView } from './group-page-view';

const SEASON = { number: 2, name: null, startedAt: '2026-11-01T18:00:00.000Z', endedAt: null };
const NO_ABILITIES: GroupDetail['can'] = {
  invite: false,
  addGuest: true,
  claimLink: false,
  remove: false,
  newSeason: false,
  handOver: false,
  publicLink: false,
  setUpGames: true,
};
const CAPTAIN_ABILITIES: GroupDetail['can'] = {
  invite: true,
  addGuest: true,
  claimLink: true,
  remove: true,
  newSeason: true,
  handOver: true,
  publicLink: true,
  setUpGames: true,
};

function detail(can: GroupDetail['can'], role: GroupDetail['role']): GroupDetail {
  return {
    id: 5,
    name: 'Thursday Club',
    emoji: '🍻',
    memberId: 11,
    role,
    members: [
      { memberId: 11, userId: 7, name: 'Hops', role: 'captain' },
      { memberId: 12, userId: 8, name: 'Malt', role: 'member' },
      { memberId: 13, userId: null, name: 'Barley', role: 'guest' },
    ],
    season: SEASON,
    seasons: [
      {
        number: 1,
        name: 'Spring',
        startedAt: '2026-03-01T18:00:00.000Z',
        endedAt: '2026-11-01T18:00:00.000Z',
        champion: { memberId: 12, name: 'Malt', elo: 1232 },
      },
      { ...SEASON, champion: null },
    ],
    publicLinkOn: false,
    lastSetup: null,
    can,
  };
}

const row = (memberId: number, name: string, provisional: boolean): GroupTableRow => ({
  memberId,
  name,
  elo: 1216.4,
  games: provisional ? 2 : 4,
  wins: 1,
  exactHits: 1,
  meanDifference: 12.5,
  penalties: 0,
  provisional,
  form: [
    { gameId: 41, rank: 1, won: true },
    { gameId: 40, rank: 3, won: false },
  ],
});

function serveGroup(group: GroupDetail) {
  serve(groupDetail, () => group);
  serve(groupLeaderboard, ({ query }) => ({
    season: query.season === 'all' ? ('all' as const) : Number(query.season ?? 2),
    rows: [row(12, 'Malt', false), row(13, 'Barley', true)],
  }));
  serve(groupRecords, () => ({
    hallOfFame: [
      {
        season: { ...group.seasons[0]! },
        champion: { memberId: 12, name: 'Malt', elo: 1232 },
        table: [],
      },
    ],
    records: [
      { kind: 'bestGameMean' as const, memberId: 12, name: 'Malt', value: 3.2, gameId: 41 },
    ],
    drinks: [],
  }));
  serve(groupHeadToHead, ({ query }) => ({
    games: 3,
    draws: 0,
    a: { memberId: Number(query.a), name: 'Hops', wins: 1, meanDifference: 20 },
    b: { memberId: Number(query.b), name: 'Malt', wins: 2, meanDifference: 10 },
  }));
  serve(groupGames, () => [
    {
      gameId: 41,
      name: 'Fast Game',
      mode: 'fast' as const,
      completedAt: '2026-11-20T20:00:00.000Z',
      players: [
        { memberId: 13, name: 'Barley', rank: 2, meanDifference: 20 },
        { memberId: 12, name: 'Malt', rank: 1, meanDifference: 3.2 },
      ],
    },
  ]);
}

function renderPage() {
  render(<GroupPageView id={5} />, { wrapper: sessionWrapper(new FakeSocket()) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the group page', () => {
  it("saves the chosen season's table as a picture where the browser cannot share it", async () => {
    serveGroup(detail(NO_ABILITIES, 'member'));
    serve(
      groupCard,
      () =>
        new Response(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'content-type': 'image/png' },
        }),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:card');
    // The download's link is clicked, not followed: the test's page stays where it is.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => {
      createObjectURL.mockRestore();
      click.mockRestore();
    });
    renderPage();
    await screen.findByRole('table');
    fireEvent.change(screen.getAllByRole('combobox')[0]!, { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share the table' }));
    expect(
      await screen.findByText('The picture of the table was saved to your downloads.'),
    ).toBeTruthy();
    expect(callsTo(groupCard).at(-1)?.query).toMatchObject({ season: 'all', lang: 'en' });
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
  });

  it("links to the group's tournaments", async () => {
    serveGroup(detail(NO_ABILITIES, 'member'));
    renderPage();
    const link = await screen.findByRole('link', { name: 'Tournaments' });
    expect(link.getAttribute('href')).toBe('/groups/5/tournaments');
  });

  it('shows the season table with "?" for a provisional rating and the form', async () => {
    serveGroup(detail(NO_ABILITIES, 'member'));
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Malt');
    expect(within(rows[1]!).queryByTestId('provisional')).toBeNull();
    expect(within(rows[2]!).getByTestId('provisional')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('Last results, newest first').textContent).toBe('W3');
  });

  it('asks for the all-time table when the season switch says so', async () => {
    serveGroup(detail(NO_ABILITIES, 'member'));
    renderPage();
    const select = await screen.findByLabelText('Season');
    fireEvent.change(select, { target: { value: 'all' } });
    await screen.findAllByText('Malt');
    await vi.waitFor(() =>
      expect(
        callsTo(groupLeaderboard).map((c) => (c.query as { season?: unknown }).season),
      ).toEqual([2, 'all']),
    );
  });

  it('links the records and the recent games to their game pages', async () => {
    serveGroup(detail(NO_ABILITIES, 'member'));
    renderPage();
    expect((await screen.findByTestId('record-bestGameMean')).getAttribute('href')).toBe(
      '/games/41',
    );
    const game = await screen.findByRole('link', { name: /1\. Malt/ });
    expect(game.getAttribute('href')).toBe('/games/41');
    // Players in the order of their ranks.
    expect(game.textContent).toMatch(/1\. Malt.*2\. Barley/);
    // The hall of fame names the closed season and its champion.
    expect(screen.getByText('Spring', { selector: 'li span' })).toBeTruthy();
  });

  it("shows a member no captain's actions", async () => {
    serveGroup(detail(NO_ABILITIES, 'member'));
    renderPage();
    await screen.findByText('Members');
    expect(screen.queryByRole('button', { name: 'Season ends' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create invite link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('lets the captain end the season after confirming, with the next one named', async () => {
    serveGroup(detail(CAPTAIN_ABILITIES, 'captain'));
    serve(newGroupSeason, () => ({
      season: { number: 3, name: 'Winter', startedAt: '2026-11-28T00:00:00.000Z', endedAt: null },
    }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Season ends' }));
    expect(bodiesSent(newGroupSeason)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Name of the next season (optional)'), {
      target: { value: 'Winter' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'End season and start the next' }));
    await vi.waitFor(() => expect(bodiesSent(newGroupSeason)).toEqual([{ name: 'Winter' }]));
  });

  it("gives the captain a guest's claim link as a QR code, and removes after confirming", async () => {
    serveGroup(detail(CAPTAIN_ABILITIES, 'captain'));
    serve(groupClaimLink, () => ({
      token: 'a'.repeat(22),
      url: `/groups/claim/${'a'.repeat(22)}`,
    }));
    serve(removeGroupMember, () => ({ message: 'Removed' }));
    renderPage();
    // Only the guest has a claim link; the captain's own row has no Remove.
    const claim = await screen.findAllByRole('button', { name: 'Claim link' });
    expect(claim).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Make captain' })).toHaveLength(1);
    fireEvent.click(claim[0]!);
    const box = await screen.findByTestId('claim-link');
    expect(box.querySelector('svg')).toBeTruthy();
    expect((within(box).getByRole('textbox') as HTMLInputElement).value).toMatch(
      /\/groups\/claim\/a{22}$/,
    );
    expect(callsTo(groupClaimLink)[0]!.params).toEqual({ id: 5, memberId: 13 });

    vi.stubGlobal('confirm', vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true));
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    expect(callsTo(removeGroupMember)).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    await vi.waitFor(() =>
      expect(callsTo(removeGroupMember)[0]!.params).toEqual({ id: 5, memberId: 12 }),
    );
  });

  it('compares two members head to head', async () => {
    serveGroup(detail(NO_ABILITIES, 'member'));
    renderPage();
    const duel = await screen.findByTestId('head-to-head');
    expect(duel.textContent).toContain('3 games together');
    expect(callsTo(groupHeadToHead)[0]!.query).toEqual({ a: 11, b: 12 });
  });
});
