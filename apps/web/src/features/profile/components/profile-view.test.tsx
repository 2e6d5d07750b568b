import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileReply } from '@beerscale/contract/profile';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { ProvisionalReasons } from './profile-view';

// The profile says in words why a rating is still provisional (README.md, The rating rules).

const reply = (standing: Partial<ProfileReply>): ProfileReply => ({
  id: 7,
  username: 'hopfen',
  playerName: 'Hopfen',
  isAdmin: false,
  currentElo: 1396.2,
  peakElo: 1396.2,
  verifiedGames: 0,
  ratedGames: 18,
  ratedOpponents: 6,
  independentOpponents: 0,
  provisional: true,
  scales: [],
  ...standing,
});

function show(standing: Partial<ProfileReply>) {
  render(<ProvisionalReasons p={reply(standing)} />, {
    wrapper: sessionWrapper(new FakeSocket()),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a provisional rating on the profile', () => {
  it('says which condition is missing: opponents who also play others', async () => {
    show({});
    const reasons = await screen.findByTestId('provisional-reasons');
    expect(reasons.textContent).toContain('Your rating is provisional');
    expect(reasons.textContent).toContain('Rated games: 5 of 5.');
    expect(reasons.textContent).toContain('Opponents who also play others: 0 of 3.');
    expect(reasons.textContent).toContain('at least 2 players besides you');
  });

  it('counts the games still missing', async () => {
    show({ ratedGames: 2, ratedOpponents: 2, independentOpponents: 2 });
    const reasons = await screen.findByTestId('provisional-reasons');
    expect(reasons.textContent).toContain('Rated games: 2 of 5.');
    expect(reasons.textContent).toContain('Opponents who also play others: 2 of 3.');
  });

  it('marks a condition that is met', async () => {
    show({ ratedGames: 3, independentOpponents: 3 });
    const items = (await screen.findByTestId('provisional-reasons')).querySelectorAll('li');
    expect([...items].map((li) => li.dataset.met)).toEqual(['false', 'true']);
  });
});
