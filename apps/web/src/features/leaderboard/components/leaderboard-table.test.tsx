import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { LeaderboardTable } from './leaderboard-table';

// SPEC §8: a server failure is shown from the reply's error field, the fallback otherwise.

function failWith(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
  render(<LeaderboardTable />, { wrapper: sessionWrapper(new FakeSocket()) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the leaderboard error view', () => {
  it("shows the server's error", async () => {
    failWith(new Response(JSON.stringify({ error: ERRORS.unavailable }), { status: 503 }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.unavailable);
  });

  it('falls back to the SPEC text when the reply has no error field', async () => {
    failWith(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.fetchLeaderboard);
  });
});
