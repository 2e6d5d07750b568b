import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
import type { GameRating } from '@beerscale/contract/rating';
import { activate } from '../../../i18n/i18n';
import { RatingNote } from './rating-note';

// The results say in words why a ranked game did not move ratings.

const game = (rating: GameRating | null) => ({ id: 1, rating }) as unknown as GameState;

beforeAll(() => activate('en'));
afterEach(cleanup);

describe('the rating note', () => {
  it('says nothing for a game rated for every pair', () => {
    const { container } = render(<RatingNote game={game({ status: 'rated', reasons: [] })} />);
    expect(container.textContent).toBe('');
  });

  it('words every reason of an unrated game', () => {
    render(<RatingNote game={game({ status: 'unrated', reasons: ['typed', 'finished-early'] })} />);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('This game was not rated.');
    expect(note.textContent).toMatch(/at least 80\s% weighed/);
    expect(note.textContent).toContain('before half of its planned rounds');
  });

  it('says when some pairs were over their limit, and when a game was voided or cancelled', () => {
    render(<RatingNote game={game({ status: 'rated', reasons: ['pair-limit'] })} />);
    expect(screen.getByRole('note').textContent).toContain('3 rated games together');
    cleanup();
    render(<RatingNote game={game({ status: 'unrated', reasons: ['voided'] })} />);
    expect(screen.getByRole('note').textContent).toContain('An administrator voided it');
    cleanup();
    render(<RatingNote game={game({ status: 'unrated', reasons: ['cancelled'] })} />);
    expect(screen.getByRole('note').textContent).toContain('The game was cancelled.');
  });

  it('speaks German', async () => {
    await activate('de');
    render(<RatingNote game={game({ status: 'unrated', reasons: ['pair-limit'] })} />);
    expect(screen.getByRole('note').textContent).toContain('nicht gewertet');
    await activate('en');
  });
});
