import { expect, it } from 'vitest';
import { WATCH_ERRORS } from '@beerscale/contract/watch';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { playTypedFastGame } from './support/quick-game';
import { typeReadings } from './support/typed-readings';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describeEachDialect('result cards', {}, ({ server, call }) => {
  const fetchCard = async (path: string, token?: string) => {
    const reply = await fetch(`${server.baseUrl}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { reply, bytes: Buffer.from(await reply.arrayBuffer()) };
  };

  it("draws a completed game's card in the reader's language, for players and watchers", async () => {
    const me = await createAccount(server);
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob', 'Cleo'],
        scaleAddress: 'C0DE0000C001',
        containerType: 'BEER_BOTTLE',
        rounds: 1,
      },
    });
    const gameId = created.body.gameId;
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    // The link is shared while the game runs; its live card says so and is not kept.
    const link = await call('POST', `/api/games/${gameId}/watch-link`, { token: me.token });
    expect(link.status).toBe(200);
    const live = await fetchCard(`/api/watch/${link.body.token}/card.png`);
    expect(live.reply.status).toBe(200);
    expect(live.reply.headers.get('cache-control')).toBe('no-store');
    const played = await typeReadings(call, me.token, gameId, 3, [[0, 9, 4]]);
    expect(played.status).toBe('completed');

    const en = await fetchCard(`/api/games/${played.id}/card.png`, me.token);
    expect(en.reply.status).toBe(200);
    expect(en.reply.headers.get('content-type')).toBe('image/png');
    expect(en.reply.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(pngSize(en.bytes)).toEqual({ width: 1200, height: 630 });

    const de = await fetchCard(`/api/games/${played.id}/card.png?lang=de`, me.token);
    expect(de.reply.status).toBe(200);
    expect(de.bytes.equals(en.bytes)).toBe(false);
    // Made once and kept: the same bytes again.
    const again = await fetchCard(`/api/games/${played.id}/card.png?lang=de`, me.token);
    expect(again.bytes.equals(de.bytes)).toBe(true);

    const watched = await fetchCard(`/api/watch/${link.body.token}/card.png?lang=de`);
    expect(watched.reply.status).toBe(200);
    expect(watched.reply.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(watched.bytes.equals(de.bytes)).toBe(true);
  });

  it('refuses an unknown link, a stranger and a language it does not speak, as JSON', async () => {
    const me = await createAccount(server);
    const stranger = await createAccount(server);
    const played = await playTypedFastGame(call, me, ['Bob'], [[0, 9]], 'C0DE0000C002');
    const unknown = await fetchCard('/api/watch/AAAAAAAAAAAAAAAAAAAAAA/card.png');
    expect(unknown.reply.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString())).toMatchObject({ error: WATCH_ERRORS.invalidLink });
    const foreign = await fetchCard(`/api/games/${played.id}/card.png`, stranger.token);
    expect(foreign.reply.status).toBe(404);
    const french = await fetchCard(`/api/games/${played.id}/card.png?lang=fr`, me.token);
    expect(french.reply.status).toBe(400);
    expect(JSON.parse(french.bytes.toString())).toMatchObject({
      error: 'Language must be en or de',
    });
    const nobody = await fetchCard(`/api/games/${played.id}/card.png`);
    expect(nobody.reply.status).toBe(401);
  });
});

describeEachDialect(
  'result cards: every script, and the per-address limit',
  { config: { cardRendersPerAddressPerMinute: 2 } },
  ({ server, call }) => {
    const fetchCard = async (path: string) => {
      const reply = await fetch(`${server.baseUrl}${path}`);
      return { reply, bytes: Buffer.from(await reply.arrayBuffer()) };
    };

    it('draws names of any script, and refuses an address a third drawing in a minute, not cards drawn already', async () => {
      const me = await createAccount(server);
      const created = await call('POST', '/api/fast-game', {
        token: me.token,
        body: {
          players: [me.playerName, 'محمد علي', '王小明 김민수', 'Bier 🍺🎉', 'Ελένη Дима'],
          scaleAddress: 'C0DE0000C003',
          containerType: 'BEER_BOTTLE',
          rounds: 1,
        },
      });
      expect(created.body).toMatchObject({ gameId: expect.any(Number) });
      const gameId = created.body.gameId;
      await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
      const link = await call('POST', `/api/games/${gameId}/watch-link`, { token: me.token });
      const path = `/api/watch/${link.body.token}/card.png`;

      // 32 at once are one drawing: the state is the same for all of them.
      const burst = await Promise.all(Array.from({ length: 32 }, () => fetchCard(path)));
      expect(burst.map((card) => card.reply.status)).toEqual(Array(32).fill(200));
      expect(pngSize(burst[0]!.bytes)).toEqual({ width: 1200, height: 630 });
      expect(burst.every((card) => card.bytes.equals(burst[0]!.bytes))).toBe(true);

      const german = await fetchCard(`${path}?lang=de`);
      expect(german.reply.status).toBe(200);
      const again = await fetchCard(`${path}?lang=de`);
      expect(again.reply.status).toBe(200);
      expect(again.bytes.equals(german.bytes)).toBe(true);

      // A new state is a new drawing: the third of this minute from this address.
      const played = await typeReadings(call, me.token, gameId, 5, [[0, 9, 4, 7, 3]]);
      expect(played.status).toBe('completed');
      const refused = await fetchCard(path);
      expect(refused.reply.status).toBe(429);
      expect(Number(refused.reply.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.parse(refused.bytes.toString())).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    });
  },
);
