import { cleanup, render, screen, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingInvites } from '@beerscale/contract/api/invites';
import { listUsers } from '@beerscale/contract/api/users';
import type { PublicUser } from '@beerscale/contract/users';
import { serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { PlayerSearch } from './player-search';

// A player already invited or in the game shows that state: a second Invite would be a 409.

const stats = { averageMeanDifference: null, gamesPlayed: 0, gamesWon: 0 };
const found: PublicUser[] = [
  { id: 11, playerName: 'Anna', currentElo: 1210, status: 'logged_in', ...stats },
  { id: 12, playerName: 'Ben', currentElo: 1190, status: 'logged_in', ...stats },
  { id: 13, playerName: 'Cleo', currentElo: 1180, status: 'logged_in', ...stats },
];

beforeEach(() => {
  serve(listUsers, () => found);
  serve(pendingInvites, ({ params }) =>
    params.id === '5'
      ? [
          {
            id: 1,
            inviteId: 1,
            status: 'pending' as const,
            player: { id: 12, playerName: 'Ben', currentElo: 1190 },
          },
        ]
      : [],
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PlayerSearch', () => {
  it('offers Invite only to players neither invited nor in the game', async () => {
    render(<PlayerSearch gameId={5} inGame={[7, 11]} />, {
      wrapper: sessionWrapper(new FakeSocket()),
    });
    fireEvent.change(screen.getByLabelText('Search players'), { target: { value: 'a' } });
    const row = async (name: string) =>
      (await screen.findByText(name)).closest('li') as HTMLElement;
    expect(within(await row('Anna')).getByText('In game')).toBeTruthy();
    expect(await within(await row('Ben')).findByText('Invited')).toBeTruthy();
    expect(within(await row('Cleo')).getByRole('button', { name: 'Invite Cleo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite Anna' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite Ben' })).toBeNull();
  });
});
