import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
import { endWatchEvening, renewWatchLink, watchLink } from '@beerscale/contract/api/watch';
import { WATCH_ERRORS } from '@beerscale/contract/refusal-messages';
import { activate } from '../../../i18n/i18n';
import {
  callsTo,
  entriesCalled,
  refusal,
  serve,
  unreachable,
} from '../../../testing/contract-server';
import { watchTexts } from '../texts';

const WATCH_TEXTS = watchTexts();
import { SharePanel } from './share-panel';

const game = (status: GameState['status']) =>
  ({ id: 9, status, players: [] }) as unknown as GameState;

function renderPanel(status: GameState['status'] = 'active') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SharePanel game={game(status)} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  let n = 0;
  const link = () => {
    const token = `${'t'.repeat(21)}${n}`;
    return { token, path: `/watch/${token}` };
  };
  serve(watchLink, link);
  serve(renewWatchLink, () => {
    n += 1;
    return link();
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await activate('en');
});

describe('SharePanel', () => {
  it('reveals the link and its QR code on Share, and replaces them on New link once confirmed', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderPanel();
    expect(entriesCalled()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.share }));
    const link = await screen.findByTestId('watch-link');
    expect(link.textContent).toBe(`${window.location.origin}/watch/${'t'.repeat(21)}0`);
    expect(screen.getByTestId('watch-qr').tagName.toLowerCase()).toBe('svg');
    expect(callsTo(watchLink).map((c) => c.params)).toEqual([{ id: 9 }]);
    expect(entriesCalled()).toEqual([watchLink]);
    // The code is brought into view, not left below the fold.
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));

    // New link ends every open link: it asks first, and keeping the link changes nothing.
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.renew }));
    expect(screen.getByText(WATCH_TEXTS.renewConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.renewNo }));
    expect(callsTo(watchLink).map((c) => c.params)).toEqual([{ id: 9 }]);
    expect(entriesCalled()).toEqual([watchLink]);
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.renew }));
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.renewYes }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('watch-link').textContent).toMatch(/\/watch\/t{21}1$/),
    );
    expect(entriesCalled()).toEqual([watchLink, renewWatchLink]);
    expect(callsTo(renewWatchLink).map((c) => c.params)).toEqual([{ id: 9 }]);
  });

  it('is not offered once the game is over', () => {
    renderPanel('completed');
    expect(screen.queryByRole('button', { name: WATCH_TEXTS.share })).toBeNull();
  });

  it('offers to end the evening after the game, so the link stops following Play again', async () => {
    serve(endWatchEvening, () => ({ message: 'The watch link stays on this game' }));
    renderPanel('completed');
    fireEvent.click(screen.getByRole('button', { name: 'End the evening' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/stays on this game/);
    expect(callsTo(endWatchEvening).map((c) => c.params)).toEqual([{ id: 9 }]);
  });

  it("shows a refusal in the reader's language by its code", async () => {
    await activate('de');
    serve(watchLink, () =>
      refusal(watchLink, 409, { error: WATCH_ERRORS.notOpen, code: 'NOT_OPEN' }),
    );
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: watchTexts().share }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Teilen geht nur bei einem eingerichteten oder laufenden Spiel',
    );
  });

  it('says the link could not be made when the server cannot be reached', async () => {
    serve(watchLink, unreachable);
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.share }));
    expect((await screen.findByRole('alert')).textContent).toBe(WATCH_TEXTS.shareFailed);
  });
});
