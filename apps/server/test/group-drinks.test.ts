import { expect, it } from 'vitest';
import { drankFigures } from '@beerscale/contract/drinks';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { typeReadings } from './support/typed-readings';

// What each member drank over the group's games, in GET /api/groups/{id}/records (docs/RULES.md,
// "Drinks and responsible play"): from the typed readings, per member and by name, members only,
// never on the public page.
describeEachDialect('group drinks', {}, ({ server, call }) => {
  const get = (token: string, path: string) => call('GET', path, { token });
  const post = (token: string, path: string, body?: unknown) =>
    call('POST', path, { token, ...(body === undefined ? {} : { body }) });

  it("sums each member's grams, alcohol and standard drinks over the group's games", async () => {
    const anna = await createAccount(server);
    const ben = await createAccount(server);
    const stranger = await createAccount(server);
    const id = (await post(anna.token, '/api/groups', { name: 'Trinkhalle' })).body.id as number;
    const path = `/api/groups/${id}`;
    const invite = await post(anna.token, `${path}/invite-link`);
    const benId = (await post(ben.token, '/api/groups/join', { token: invite.body.token })).body
      .memberId as number;
    const guestId = (await post(anna.token, `${path}/guests`, { name: 'Zoe' })).body
      .memberId as number;
    const annaId = (await get(anna.token, path)).body.memberId as number;

    // Before any game: nobody drank anything.
    expect((await get(anna.token, `${path}/records`)).body.drinks).toEqual([]);

    /** A one-round group game; each container starts at 560 g and ends at target + offset. */
    const play = async (players: unknown[], offsets: number[]) => {
      const created = await post(anna.token, '/api/fast-game', {
        groupId: id,
        players: [anna.playerName, ...players],
        scaleAddress: anna.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const gameId = created.body.gameId as number;
      expect((await post(anna.token, `/api/fast-game/${gameId}/start`)).status).toBe(200);
      const game = await typeReadings(call, anna.token, gameId, players.length + 1, [offsets]);
      expect(game.status).toBe('completed');
      // The container after the round (the completed game names no target any more).
      const after = (index: number) => game.players[index].lastWeight as number;
      return { after, players: game.players as any[] };
    };
    // Game 1: Anna beer (her default, 5 %), Ben 12 %, Zoe on water; a passer-by is no member.
    const one = await play(
      [
        { memberId: benId, drink: { kind: 'other', abv: 12 } },
        { memberId: guestId, drink: { kind: 'water' } },
        'Passer',
      ],
      [0, 10, -5, 20],
    );
    // Game 2: Anna and Zoe, Zoe on alcohol-free (0.5 %).
    const two = await play([{ memberId: guestId, drink: { kind: 'alcohol-free' } }], [3, 7]);

    // By hand: 560 g at the start, what the container weighed after the round.
    const drank = (game: { after: (index: number) => number }, index: number) =>
      560 - game.after(index);
    const annaGrams = drank(one, 0) + drank(two, 0);
    const annaAlcohol =
      drankFigures(drank(one, 0), 5).alcoholGrams + drankFigures(drank(two, 0), 5).alcoholGrams;
    const benFigures = drankFigures(drank(one, 1), 12);
    const zoeGrams = drank(one, 2) + drank(two, 1);
    const zoeAlcohol = drankFigures(drank(two, 1), 0.5).alcoholGrams;
    expect(benFigures.drankGrams).toBeGreaterThan(0);
    // The games' own figures agree.
    expect(one.players[0].drankGrams + two.players[0].drankGrams).toBe(annaGrams);

    const round1 = (n: number) => Math.round(n * 10) / 10;
    const expected = [
      {
        memberId: annaId,
        name: anna.playerName,
        games: 2,
        drankGrams: annaGrams,
        alcoholGrams: round1(annaAlcohol),
        standardDrinks: round1(annaAlcohol / 10),
        alcoholFreeGrams: 0,
      },
      {
        memberId: benId,
        name: ben.playerName,
        games: 1,
        ...benFigures,
        alcoholFreeGrams: 0,
      },
      {
        memberId: guestId,
        name: 'Zoe',
        games: 2,
        drankGrams: zoeGrams,
        alcoholGrams: zoeAlcohol,
        standardDrinks: round1(zoeAlcohol / 10),
        alcoholFreeGrams: zoeGrams,
      },
    ].sort((a, b) => a.name.localeCompare(b.name));
    const records = await get(ben.token, `${path}/records`);
    expect(records.status).toBe(200);
    expect(records.body.drinks).toEqual(expected);

    // Members only; the public page shows the records without what anyone drank.
    expect((await get(stranger.token, `${path}/records`)).status).toBe(404);
    const open = await post(anna.token, `${path}/public-link`);
    const shown = await call('GET', `/api/public-groups/${open.body.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.records.records.length).toBeGreaterThan(0);
    expect(shown.body.records).not.toHaveProperty('drinks');
  });
});
