import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { groupTournaments } from '@beerscale/contract/api/tournaments';
import { callsTo, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { GroupTournaments } from './group-tournaments';

afterEach(cleanup);

describe("the group's tournaments", () => {
  it('lists each night with its status and winner, and links to a new one', async () => {
    serve(groupTournaments, () => [
      {
        id: 10,
        name: 'Heats night',
        format: 'heats' as const,
        status: 'running' as const,
        startedAt: '2026-11-27T19:00:00.000Z',
        winner: null,
      },
      {
        id: 9,
        name: 'Cup night',
        format: 'grand-prix' as const,
        status: 'finished' as const,
        startedAt: '2026-11-20T19:00:00.000Z',
        winner: 'Malt',
      },
    ]);
    render(<GroupTournaments groupId={5} />, { wrapper: sessionWrapper(new FakeSocket()) });
    const running = await screen.findByRole('link', { name: /Heats night/ });
    expect(running.getAttribute('href')).toBe('/tournaments/10');
    expect(running.textContent).toContain('Running');
    const finished = screen.getByRole('link', { name: /Cup night/ });
    expect(finished.textContent).toContain('Grand prix');
    expect(finished.textContent).toContain('Winner: Malt');
    expect(screen.getByRole('link', { name: 'New tournament' }).getAttribute('href')).toBe(
      '/groups/5/tournaments/new',
    );
    expect(callsTo(groupTournaments)[0]!.params).toEqual({ id: 5 });
  });

  it('invites to the first tournament when there is none', async () => {
    serve(groupTournaments, () => []);
    render(<GroupTournaments groupId={5} />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect(await screen.findByText(/No tournament yet/)).toBeTruthy();
  });
});
