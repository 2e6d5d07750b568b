import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { groupDetail } from '@beerscale/contract/api/groups';
import { scales } from '@beerscale/contract/api/scales';
import {
  finishTournament,
  leaveTournament,
  nextTournamentGame,
  tournament,
  tournamentCard,
} from '@beerscale/contract/api/tournaments';
import type { TournamentReply } from '@beerscale/contract/tournaments';
import { bodiesSent, callsTo, refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { grandPrix, group, standing } from './tournament-fixtures';
import { TournamentView } from './tournament-view';

function renderPage(reply: TournamentReply, role: 'member' | 'captain' = 'member') {
  serve(tournament, () => reply);
  serve(groupDetail, () => group(role));
  serve(scales, () => ({
    scales: [
      {
        mac_address: 'AABBCCDDEEFF',
        scale_name: 'Kitchen',
        model_name: null,
        connection_status: 'connected' as const,
        pairing_requested: false,
        bridged: false,
      },
    ],
  }));
  render(<TournamentView id={9} />, { wrapper: sessionWrapper(new FakeSocket()) });
}

afterEach(cleanup);

describe('the tournament page', () => {
  it('saves the standings as a picture where the browser cannot share it', async () => {
    serve(
      tournamentCard,
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
    renderPage(grandPrix());
    fireEvent.click(await screen.findByRole('button', { name: 'Share the standings' }));
    expect(
      await screen.findByText('The picture of the standings was saved to your downloads.'),
    ).toBeTruthy();
    expect(callsTo(tournamentCard).at(-1)?.query).toMatchObject({ lang: 'en' });
    expect(click).toHaveBeenCalled();
  });

  it('shows the standings with points and the last change, and the schedule with game pages', async () => {
    renderPage(grandPrix());
    const rows = await screen.findAllByTestId('standing');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1\.Malt.*10\+10/),
      expect.stringMatching(/^2\.Hops.*7\+7/),
      expect.stringMatching(/^3\.Gast.*5\+5/),
    ]);
    const games = screen.getAllByTestId('scheduled-game');
    expect(games[0]!.textContent).toContain('Game 1');
    expect(games[0]!.textContent).toContain('Played');
    expect(
      within(games[0]!)
        .getByRole('link', { name: /Game page/ })
        .getAttribute('href'),
    ).toBe('/games/41');
    expect(games[1]!.textContent).toContain('Ready');
    expect(within(games[1]!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: /Open the table screen/ }).getAttribute('href')).toBe(
      '/t/abcdefghijklmnopqrstuv',
    );
  });

  it('sets the next game up on the scale picked from the own scales', async () => {
    let reply = grandPrix();
    renderPage(reply);
    serve(nextTournamentGame, () => {
      // Nothing is ready now: the panel goes, the notice stays.
      reply = grandPrix({
        next: null,
        can: { next: false, finish: false, leave: true },
        schedule: reply.schedule.map((g, i) =>
          i === 1 ? { ...g, gameId: 42, scaleAddress: 'AABBCCDDEEFF', status: 'configured' } : g,
        ),
      });
      return { gameId: 42 };
    });
    serve(tournament, () => reply);
    // The scale already holding game 1 is free again (it is completed): offered.
    fireEvent.click(await screen.findByRole('button', { name: /Kitchen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Set up the next game' }));
    expect(await screen.findByText(/Its leader starts it from Live/)).toBeTruthy();
    expect(bodiesSent(nextTournamentGame)).toEqual([{ scaleAddress: 'AABBCCDDEEFF' }]);
    expect(screen.getByRole('link', { name: /Open Live/ }).getAttribute('href')).toBe('/live');
    expect(await screen.findByText('Set up')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up the next game' })).toBeNull();
    expect(screen.getByText(/Its leader starts it from Live/)).toBeTruthy();
  });

  it('says why a busy scale was refused, in the reader language', async () => {
    renderPage(grandPrix());
    serve(nextTournamentGame, () =>
      refusal(nextTournamentGame, 409, {
        error: 'This scale is already in use by another game',
        code: 'SCALE_BUSY',
      }),
    );
    fireEvent.change(await screen.findByLabelText('Scale MAC Address'), {
      target: { value: '112233445566' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set up the next game' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This scale is already in use by another game',
    );
  });

  it('lets a player say only that they themselves must leave; no Finish for them', async () => {
    renderPage(grandPrix());
    await screen.findAllByTestId('standing');
    expect(await screen.findByRole('button', { name: 'Hops must leave' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Malt must leave' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Finish the tournament' })).toBeNull();
    serve(leaveTournament, () => ({ message: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hops must leave' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, skip the games left' }));
    await screen.findByRole('button', { name: 'Hops must leave' });
    expect(callsTo(leaveTournament).map((c) => c.params)).toEqual([{ id: 9, entryId: 1 }]);
  });

  it('gives the captain Finish (asked first) and Must leave for everyone', async () => {
    renderPage(grandPrix({ can: { next: true, finish: true, leave: true } }), 'captain');
    expect(await screen.findByRole('button', { name: 'Malt must leave' })).toBeTruthy();
    serve(finishTournament, () => ({ message: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish the tournament' }));
    expect(callsTo(finishTournament)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, finish now' }));
    await screen.findByRole('button', { name: 'Finish the tournament' });
    expect(callsTo(finishTournament)).toHaveLength(1);
  });

  it('shows the podium and the awards once finished, a left player marked, no Next game', async () => {
    renderPage(
      grandPrix({
        status: 'finished',
        finishedAt: '2026-11-27T22:00:00.000Z',
        next: null,
        can: { next: false, finish: false, leave: false },
        standings: [
          standing(2, 'Malt', 1, 17),
          standing(1, 'Hops', 2, 14),
          standing(3, 'Gast', 3, 5, { left: true }),
        ],
        awards: [{ kind: 'sniper', entryId: 2, name: 'Malt', count: 2 }],
      }),
    );
    const podium = await screen.findAllByTestId('podium-place');
    expect(podium.map((p) => p.textContent)).toEqual([
      expect.stringContaining('Malt17 points'),
      expect.stringContaining('Hops14 points'),
      expect.stringContaining('Gast5 points'),
    ]);
    expect(screen.getByRole('region', { name: 'Awards of the night' }).textContent).toContain(
      'SniperMalt (2 games)',
    );
    expect(screen.getAllByTestId('standing')[2]!.textContent).toContain('left');
    expect(screen.queryByRole('button', { name: 'Set up the next game' })).toBeNull();
    expect(screen.queryByRole('button', { name: /must leave/ })).toBeNull();
  });
});
