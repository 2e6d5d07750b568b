import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterAt } from '../../../testing/router-at';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchState } from '@beerscale/contract/api/watch';
import type { GameState } from '@beerscale/contract/game-state';
import type { ServerToBrowser } from '@beerscale/contract/browser-socket';
import { WATCH_ERRORS } from '@beerscale/contract/watch';
import type { SocketLike } from '../../../lib/socket-client';
import { activate } from '../../../i18n/i18n';
import { watchTexts } from '../texts';

const WATCH_TEXTS = watchTexts();
import { WatchView } from './watch-view';
import { callsTo, refusal, serve, type Answer } from '../../../testing/contract-server';
import { testGame, testPlayer } from '../../../testing/game-state';

const TOKEN = 'abcdefghijklmnopqrstuv';

function game(overrides: Partial<GameState> = {}): GameState {
  const player = (id: number, name: string, mean: number | null, rank: number | null = null) =>
    testPlayer(id, {
      userId: id === 1 ? 7 : null,
      playerName: name,
      startWeight: 560,
      lastWeight: 400,
      differences: mean === null ? [] : [mean],
      meanDifference: mean,
      exactMatches: mean === 0 ? 1 : 0,
      bestDifference: mean,
      rank,
    });
  return testGame({
    id: 5,
    name: 'Friday table',
    target: 321,
    currentPlayerId: 2,
    players: [player(1, 'Anna', 4), player(2, 'Bob', null), player(3, 'Cleo', 0)],
    ...overrides,
  });
}

/** The watch socket as the page's socket client sees it; the test plays the server. */
class FakeWatchSocket implements SocketLike {
  static last: FakeWatchSocket | null = null;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    FakeWatchSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(message: ServerToBrowser) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}
const createSocket = (url: string) => new FakeWatchSocket(url);

let reply: () => Answer<typeof watchState>;
const invalidLink = () => refusal(watchState, 404, { error: WATCH_ERRORS.invalidLink });

function renderWatch() {
  return render(
    <RouterAt url="/">
      <WatchView token={TOKEN} createSocket={createSocket} />
    </RouterAt>,
  );
}

async function connected(): Promise<FakeWatchSocket> {
  await vi.waitFor(() => expect(FakeWatchSocket.last).not.toBeNull());
  const socket = FakeWatchSocket.last!;
  act(() => socket.open());
  return socket;
}

beforeEach(() => {
  FakeWatchSocket.last = null;
  reply = () => ({ game: game() });
  serve(watchState, () => reply());
});
afterEach(() => {
  cleanup();
  // The page asks for its own link only, and a watcher has no account: nothing may carry a
  // session's token.
  for (const call of callsTo(watchState)) {
    expect(call.params).toEqual({ token: TOKEN });
    expect(call.headers.has('authorization')).toBe(false);
  }
  vi.unstubAllGlobals();
});

describe('WatchView', () => {
  it('opens as the table screen when the address says so, with a QR for latecomers, and switches back by the address', async () => {
    const onTableMode = vi.fn();
    render(
      <RouterAt url="/">
        <WatchView token={TOKEN} createSocket={createSocket} tableMode onTableMode={onTableMode} />
      </RouterAt>,
    );
    const qr = await screen.findByTestId('latecomer-qr');
    expect(qr.textContent).toContain('Watch on your phone');
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.phoneView }));
    expect(onTableMode).toHaveBeenCalledWith(false);
  });

  it('shows the target largest, whose turn it is, the scale and the standings', async () => {
    renderWatch();
    const target = await screen.findByTestId('watch-target');
    expect(target.textContent).toBe('321g');
    expect(screen.getByTestId('watch-on-turn').textContent).toBe('Bob');
    expect(screen.getByText(WATCH_TEXTS.round(1, 3))).toBeTruthy();
    // The running order: Cleo (exact) before Anna; Bob has no score yet.
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(rows.map((row) => row.match(/Anna|Bob|Cleo/)?.[0])).toEqual(['Cleo', 'Anna', 'Bob']);
    // The target's type is larger than the weight's and the name's.
    expect(target.className).toMatch(/text-\[clamp\(5rem,30vw,11rem\)\]/);
  });

  it('follows the game over the watch socket, opened with the link as its token', async () => {
    renderWatch();
    await screen.findByTestId('watch-target');
    const socket = await connected();
    expect(socket.url).toMatch(new RegExp(`/ws/watch\\?token=${TOKEN}$`));

    act(() =>
      socket.push({
        type: 'SCALE_DATA',
        macAddress: 'AABBCCDDEEFF',
        grams: 402.4,
        stable: true,
        ts: 1,
      }),
    );
    expect(screen.getByTestId('watch-weight').textContent).toBe('402g');
    // A container being lifted reads below zero: the platform is shown as empty.
    act(() =>
      socket.push({
        type: 'SCALE_DATA',
        macAddress: 'AABBCCDDEEFF',
        grams: -49,
        stable: false,
        ts: 2,
      }),
    );
    expect(screen.getByTestId('watch-weight').textContent).toBe(WATCH_TEXTS.emptyPlatform);

    act(() => socket.push({ type: 'GAME_STATE', game: game({ currentPlayerId: 3, target: 288 }) }));
    expect(screen.getByTestId('watch-target').textContent).toBe('288g');
    expect(screen.getByTestId('watch-on-turn').textContent).toBe('Cleo');

    const final = game({
      status: 'completed',
      phase: 'FINISHED',
      currentPlayerId: null,
      players: game().players.map((p) => ({ ...p, rank: { 1: 2, 2: 3, 3: 1 }[p.id] ?? null })),
    });
    act(() => socket.push({ type: 'GAME_STATE', game: final }));
    expect(screen.getByRole('heading', { name: WATCH_TEXTS.finalResults })).toBeTruthy();
    expect(screen.getByLabelText(WATCH_TEXTS.winner).closest('li')?.textContent).toMatch(/Cleo/);
    expect(screen.queryByTestId('watch-target')).toBeNull();
  });

  it('says so when the server turns the watcher away', async () => {
    renderWatch();
    await screen.findByTestId('watch-target');
    const socket = await connected();
    act(() => socket.push({ type: 'ERROR', message: WATCH_ERRORS.tooManyWatchers }));
    expect(screen.getByRole('alert').textContent).toBe(WATCH_ERRORS.tooManyWatchers);
  });

  it('leaves the game when the leader replaces the link', async () => {
    renderWatch();
    await screen.findByTestId('watch-target');
    const socket = await connected();
    reply = invalidLink;
    act(() => socket.push({ type: 'ERROR', message: WATCH_ERRORS.revoked }));
    act(() => socket.onclose?.(new CloseEvent('close', { code: 1008 })));
    expect(await screen.findByRole('heading', { name: WATCH_TEXTS.invalidTitle })).toBeTruthy();
    expect(screen.queryByTestId('watch-target')).toBeNull();
  });

  it('names no single player while everyone drinks', async () => {
    reply = () => ({ game: game({ phase: 'DRINKING', currentPlayerId: 2 }) });
    renderWatch();
    const onTurn = await screen.findByTestId('watch-on-turn');
    expect(onTurn.textContent).toBe('Everyone drink!');
    expect(onTurn.closest('section')?.textContent).not.toMatch(/Anna|Bob|Cleo/);
    const highlighted = screen
      .getAllByRole('listitem')
      .filter((li) => li.className.includes('bg-amber-400/15'));
    expect(highlighted).toEqual([]);
  });

  it("shows the server's stock fast-game name in the reader's language", async () => {
    await activate('de');
    try {
      reply = () => ({ game: game({ name: 'Fast Game' }) });
      renderWatch();
      expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
        'textContent',
        'Schnelles Spiel',
      );
    } finally {
      await activate('en');
    }
  });

  it('shows nothing of any game for a link that opens nothing', async () => {
    reply = invalidLink;
    renderWatch();
    expect(await screen.findByRole('heading', { name: WATCH_TEXTS.invalidTitle })).toBeTruthy();
    expect(FakeWatchSocket.last).toBeNull();
  });

  it('says Reconnecting and dims the frozen game when the socket drops, then catches up', async () => {
    renderWatch();
    await screen.findByTestId('watch-target');
    const socket = await connected();
    expect(screen.getByText(WATCH_TEXTS.live)).toBeTruthy();
    act(() => socket.onclose?.({ code: 1006 } as CloseEvent));
    const banner = screen.getByTestId('connection-banner');
    expect(banner.textContent).toContain('Reconnecting…');
    expect(screen.queryByText(WATCH_TEXTS.live)).toBeNull();
    expect(screen.getByTestId('watch-target').closest('.opacity-40')).not.toBeNull();
    // The reconnect (5 s later) brings the snapshot again and a short "caught up".
    await vi.waitFor(() => expect(FakeWatchSocket.last).not.toBe(socket), { timeout: 7000 });
    act(() => FakeWatchSocket.last!.open());
    expect(screen.getByTestId('connection-banner').textContent).toContain('caught up');
    expect(screen.getByTestId('watch-target').closest('.opacity-40')).toBeNull();
    expect(screen.getByText(WATCH_TEXTS.live)).toBeTruthy();
  }, 10_000);

  it('says "No readings from the scale" when a connected scale is silent for 3 s', async () => {
    renderWatch();
    await screen.findByTestId('watch-target');
    const socket = await connected();
    act(() => socket.push({ type: 'SCALE_STATUS', macAddress: 'AABBCCDDEEFF', connected: true }));
    act(() =>
      socket.push({
        type: 'SCALE_DATA',
        macAddress: 'AABBCCDDEEFF',
        grams: 300,
        stable: true,
        ts: 1,
      }),
    );
    expect(screen.queryByText('No readings from the scale')).toBeNull();
    expect(
      await screen.findByText('No readings from the scale', {}, { timeout: 4000 }),
    ).toBeTruthy();
    act(() =>
      socket.push({
        type: 'SCALE_DATA',
        macAddress: 'AABBCCDDEEFF',
        grams: 301,
        stable: true,
        ts: 2,
      }),
    );
    expect(screen.queryByText('No readings from the scale')).toBeNull();
  }, 10_000);

  it('shows the awards of a completed game, a tie shared, none that nobody earned', async () => {
    reply = () => ({
      game: game({
        status: 'completed',
        phase: 'FINISHED',
        awards: [
          { id: 'sniper', playerId: 3, value: 1 },
          { id: 'biggestMiss', playerId: 1, value: 4 },
          { id: 'biggestMiss', playerId: 3, value: 4 },
        ],
      }),
    });
    renderWatch();
    const awards = await screen.findByRole('region', { name: 'Awards' });
    const items = [...awards.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'SniperCleo1 exact match',
      'Biggest missAnna · Cleo4 g off in one round',
    ]);
  });

  describe('the reveal on the table screen', () => {
    const stillness = (still: boolean) =>
      vi.stubGlobal(
        'matchMedia',
        vi.fn((query: string) => ({ matches: still && query.includes('reduce'), media: query })),
      );

    it("counts a placement's difference up beside the name, at once without motion", async () => {
      stillness(true);
      renderWatch();
      await screen.findByTestId('watch-target');
      const socket = await connected();
      expect(screen.queryByTestId('fresh-difference')).toBeNull();
      const scored = game();
      scored.players[1] = { ...scored.players[1]!, differences: [12], meanDifference: 12 };
      act(() => socket.push({ type: 'GAME_STATE', game: scored }));
      const badge = await screen.findByTestId('fresh-difference');
      expect(badge.getAttribute('aria-label')).toBe('Off by 12 g');
      expect(badge.textContent).toBe('Off by 12 g');
    });

    it('stands the podium 3, 2, 1 at the end, with sound off until asked for', async () => {
      stillness(false);
      reply = () => ({
        game: game({
          status: 'completed',
          phase: 'FINISHED',
          players: game().players.map((p, i) => ({ ...p, rank: [2, 3, 1][i]! })),
        }),
      });
      renderWatch();
      await screen.findByRole('region', { name: WATCH_TEXTS.finalResults });
      act(() => screen.getByRole('button', { name: /Table screen/ }).click());
      const podium = await screen.findByTestId('table-podium');
      const steps = [...podium.querySelectorAll<HTMLElement>('[data-place]')];
      // Left to right 2, 1, 3; revealed third first, the winner last.
      expect(steps.map((s) => s.dataset.place)).toEqual(['2', '1', '3']);
      const delay = (place: string) =>
        parseFloat(steps.find((s) => s.dataset.place === place)!.style.animationDelay);
      expect(delay('3')).toBeLessThan(delay('2'));
      expect(delay('2')).toBeLessThan(delay('1'));
      expect(steps[1]!.textContent).toContain('Cleo');
      expect(screen.getByRole('button', { name: 'Sound' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
    });
  });
});
