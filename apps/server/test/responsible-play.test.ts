import { expect, it } from 'vitest';
import { DRINK_MESSAGES } from '@beerscale/contract/drinks';
import { RULE_MESSAGES } from '@beerscale/contract/rules';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { rankedLobby } from './support/ranked';
import { macMaker } from './support/next-mac';

// Responsible play through the real server on both databases (docs/RULES.md, "Drinks and
// responsible play"): drinks at set-up, the figures from readings typed by hand, spirit
// penalties only with the 18+ confirmation and never for the alcohol-free player, home's
// tonight, the profile's totals, the export, the registration's 16+ and the lobby's drink.

const nextMac = macMaker('D7');

describeEachDialect('responsible play', {}, ({ server, call }) => {
  const db = () => server.instance.database.db;
  type Me = Awaited<ReturnType<typeof createAccount>>;

  const setUp = (me: Me, body: Record<string, unknown>) =>
    call('POST', '/api/fast-game', {
      token: me.token,
      body: { scaleAddress: me.mac, containerType: 'BEER_BOTTLE', rounds: 2, ...body },
    });

  const noGame = async (me: Me) =>
    expect(
      (await call('GET', '/api/fast-game/active', { token: me.token })).body.activeGame,
    ).toBeNull();

  /** Types every reading by hand: full containers, then each round's, in turn order. */
  const typeAll = async (me: Me, gameId: number, grams: number[]) => {
    let game: any;
    for (const g of grams) {
      const reply = await call('POST', `/api/games/${gameId}/measurements`, {
        token: me.token,
        body: { grams: g },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      game = reply.body.game;
    }
    return game;
  };

  it('weighs what a strong-drink, an alcohol-free and a water player drank, and the evening limit', async () => {
    const me = await createAccount(server, { mac: nextMac() });
    // The leader's limit for the evening: one standard drink.
    const limit = await call('PUT', '/api/profile', { token: me.token, body: { eveningLimit: 1 } });
    expect(limit.status).toBe(200);
    expect(limit.body.eveningLimit).toBe(1);

    const created = await setUp(me, {
      players: [
        { name: me.playerName, drink: { kind: 'other', abv: 12 } },
        { name: 'Alf', drink: { kind: 'alcohol-free' } },
        { name: 'Wat', drink: { kind: 'water' } },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gameId: number = created.body.gameId;
    expect((await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token })).status).toBe(
      200,
    );
    // Full 560, 560, 560; round 1: 500, 520, 460; round 2: 430, 470, 400.
    const game = await typeAll(me, gameId, [560, 560, 560, 500, 520, 460, 430, 470, 400]);
    expect(game.status).toBe('completed');
    const [mine, alf, wat] = game.players;
    expect(mine.drink).toEqual({ kind: 'other', abv: 12 });
    expect(alf.drink).toEqual({ kind: 'alcohol-free', abv: 0.5 });
    expect(wat.drink).toEqual({ kind: 'water', abv: 0 });
    // 560 - 430 = 130 g; 130 x 12 / 100 x 0.789 = 12.3084 -> 12.3 g; 1.23 -> 1.2 standard drinks.
    expect(mine).toMatchObject({ drankGrams: 130, alcoholGrams: 12.3, standardDrinks: 1.2 });
    // 90 g x 0.5 % x 0.789 = 0.355 -> 0.4 g; 0.04 -> 0 standard drinks.
    expect(alf).toMatchObject({ drankGrams: 90, alcoholGrams: 0.4, standardDrinks: 0 });
    expect(wat).toMatchObject({ drankGrams: 160, alcoholGrams: 0, standardDrinks: 0 });
    // Classic sips; the limit of 1 is reached at 1.2.
    expect(game.players.map((p: any) => p.penaltyDrink)).toEqual(['sip', 'sip', 'sip']);
    expect(mine).toMatchObject({ eveningLimit: 1, eveningStandardDrinks: 1.2, limitReached: true });
    expect(alf).toMatchObject({ eveningLimit: null, limitReached: false });
    // Water and alcohol-free players rank like everyone else.
    expect(game.players.every((p: any) => p.rank !== null)).toBe(true);

    const home = await call('GET', '/api/home', { token: me.token });
    expect(home.body.tonight).toEqual({ drankGrams: 130, alcoholGrams: 12.3, standardDrinks: 1.2 });
    const profile = (await call('GET', '/api/profile', { token: me.token })).body;
    expect(profile.drinking.totals).toEqual({
      drankGrams: 130,
      alcoholGrams: 12.3,
      standardDrinks: 1.2,
    });
    expect(profile.drinking.months).toEqual([
      {
        month: new Date().toISOString().slice(0, 7),
        drankGrams: 130,
        alcoholGrams: 12.3,
        standardDrinks: 1.2,
      },
    ]);
    const exported = (await call('GET', '/api/profile/export', { token: me.token })).body;
    expect(exported.games.find((g: any) => g.id === gameId)).toMatchObject({
      drink: { kind: 'other', abv: 12 },
      drankGrams: 130,
      alcoholGrams: 12.3,
      standardDrinks: 1.2,
    });
    expect(exported.account).toMatchObject({ eveningLimit: 1, ageConfirmedAt: null });
  });

  it('asks for the 18+ confirmation before spirit penalties and never gives them to the alcohol-free player', async () => {
    const me = await createAccount(server, { mac: nextMac() });
    const players = [me.playerName, { name: 'Alf', drink: { kind: 'alcohol-free' } }, 'Bob'];
    const refused = await setUp(me, { players, rules: { preset: 'strichliste' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(RULE_MESSAGES.adultsNotConfirmed);
    expect(refused.body.code).toBe('ADULTS_NOT_CONFIRMED');
    await noGame(me);

    const created = await setUp(me, {
      players,
      rules: { preset: 'strichliste' },
      adultsConfirmed: true,
    });
    expect(created.status).toBe(201);
    const game = (await call('GET', `/api/games/${created.body.gameId}/state`, { token: me.token }))
      .body.game;
    expect(game.rules.penaltyDrink).toBe('spirit');
    expect(game.adultsConfirmed).toBe(true);
    expect(game.players.map((p: any) => p.penaltyDrink)).toEqual(['spirit', 'sip', 'spirit']);

    // Sips need no confirmation; a sent one is recorded all the same.
    const sips = await setUp(me, { players: [me.playerName, 'Bob'], rules: { preset: 'golf' } });
    expect(sips.status).toBe(201);
    const plain = (await call('GET', `/api/games/${sips.body.gameId}/state`, { token: me.token }))
      .body.game;
    expect(plain.adultsConfirmed).toBe(false);
    expect(plain.players[0].drink).toEqual({ kind: 'beer', abv: 5 });
  });

  it.each([
    [{ kind: 'beer', abv: 20 }, DRINK_MESSAGES.abvInvalid],
    [{ kind: 'beer', abv: 4.85 }, DRINK_MESSAGES.abvInvalid],
    [{ kind: 'vodka' }, DRINK_MESSAGES.drinkKindInvalid],
    [{ kind: 'water', abv: 5 }, DRINK_MESSAGES.waterHasNoAlcohol],
    [{ kind: 'alcohol-free', abv: 2 }, DRINK_MESSAGES.alcoholFreeTooStrong],
    [{ kind: 'other' }, DRINK_MESSAGES.otherNeedsAbv],
  ])('refuses the drink %j and sets up nothing', async (drink, message) => {
    const me = await createAccount(server, { mac: nextMac() });
    const reply = await setUp(me, { players: [me.playerName, { name: 'Bob', drink }] });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(message);
    await noGame(me);
  });

  it("records the registration's 16+ confirmation and still registers SPEC's body without it", async () => {
    const register = (suffix: string, extra: object) =>
      call('POST', '/api/register', {
        body: {
          macAddress: nextMac(),
          username: `age${process.pid}${suffix}`,
          playerName: `A${suffix}`,
          password: 'secret-pass',
          ...extra,
        },
      });
    const confirmed = await register('y', { ageConfirmed: true });
    const plain = await register('n', {});
    expect([confirmed.status, plain.status]).toEqual([201, 201]);
    const ageOf = async (id: number) =>
      (
        await db()
          .selectFrom('users')
          .select('age_confirmed_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).age_confirmed_at;
    expect(await ageOf(confirmed.body.userId)).not.toBeNull();
    expect(await ageOf(plain.body.userId)).toBeNull();
    expect((await register('x', { ageConfirmed: 'yes' })).status).toBe(400);
  });

  it('starts a ranked player with their default drink, changeable in the lobby only by them', async () => {
    const [leader, other, stranger] = await Promise.all([
      createAccount(server, { mac: nextMac() }),
      createAccount(server, { mac: nextMac() }),
      createAccount(server, { mac: nextMac() }),
    ]);
    const set = await call('PUT', '/api/profile', {
      token: other.token,
      body: { defaultDrink: { kind: 'alcohol-free' } },
    });
    expect(set.body.defaultDrink).toEqual({ kind: 'alcohol-free', abv: 0.5 });
    const bad = await call('PUT', '/api/profile', {
      token: other.token,
      body: { eveningLimit: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(DRINK_MESSAGES.eveningLimitInvalid);

    const gameId = await rankedLobby(call, leader, [other]);
    const drinks = async () =>
      (
        await call('GET', `/api/games/${gameId}/state`, { token: leader.token })
      ).body.game.players.map((p: any) => p.drink);
    expect(await drinks()).toEqual([
      { kind: 'beer', abv: 5 },
      { kind: 'alcohol-free', abv: 0.5 },
    ]);
    const changed = await call('PUT', `/api/games/${gameId}/drink`, {
      token: leader.token,
      body: { drink: { kind: 'water' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.drink).toEqual({ kind: 'water', abv: 0 });
    expect((await drinks())[0]).toEqual({ kind: 'water', abv: 0 });
    const outsider = await call('PUT', `/api/games/${gameId}/drink`, {
      token: stranger.token,
      body: { drink: { kind: 'water' } },
    });
    // Someone outside the game does not see it at all.
    expect(outsider.status).toBe(404);
    const invalid = await call('PUT', `/api/games/${gameId}/drink`, {
      token: leader.token,
      body: { drink: { kind: 'beer', abv: 40 } },
    });
    expect(invalid.status).toBe(400);
    expect((await drinks())[0]).toEqual({ kind: 'water', abv: 0 });
  });
});
