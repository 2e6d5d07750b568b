import { describe, expect, it } from 'vitest';
import type { BusEventType } from '../src/realtime/bus-events';
import { createAccount } from './support/factories';
import { twoInstances } from './support/two-instances';

// Each instance remembers home replies (home/remembered-homes.ts); what changes one on another
// instance reaches it over the bus (PostgreSQL LISTEN/NOTIFY, docs/ARCHITECTURE.md).
const dialects = process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [];

describe.skipIf(dialects.length === 0)('home across instances', () => {
  const two = twoInstances('postgres');

  /** The facts B heard, as `type gameId`: what B knows is as current as these. */
  const heard: string[] = [];
  const listen = (
    type: Extract<BusEventType, 'game.created' | 'game.started' | 'game.cancelled'>,
  ) =>
    two.other.bus.subscribe(type, (event: { gameId: number }) =>
      heard.push(`${type} ${event.gameId}`),
    );
  const heardOnB = (fact: string) => expect.poll(() => heard).toContain(fact);

  it('shows on one instance the fast game set up, started and finished on the other', async () => {
    const me = await createAccount(two.server);
    const homeOnB = async () => (await two.callB('GET', '/api/home', { token: me.token })).body;
    expect((await homeOnB()).activeGame).toBeNull();

    for (const type of ['game.created', 'game.started', 'game.cancelled'] as const) listen(type);
    const reply = await two.callA('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Ann'],
        scaleAddress: 'C0DE0000A001',
        containerType: 'BEER_CAN',
      },
    });
    expect(reply.status).toBe(201);
    const gameId: number = reply.body.gameId;
    await heardOnB(`game.created ${gameId}`);
    expect((await homeOnB()).activeGame).toEqual({
      id: gameId,
      name: 'Fast Game',
      status: 'configured',
    });

    await two.callA('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    await heardOnB(`game.started ${gameId}`);
    expect((await homeOnB()).activeGame).toMatchObject({ id: gameId, status: 'active' });

    await two.callA('POST', `/api/games/${gameId}/finish`, { token: me.token });
    await heardOnB(`game.cancelled ${gameId}`);
    expect((await homeOnB()).activeGame).toBeNull();
  });
});
