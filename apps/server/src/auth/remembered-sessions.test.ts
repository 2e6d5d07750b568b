import { describe, expect, it } from 'vitest';
import { switchableBus as testBus } from '../../test/support/switchable-bus';
import { RememberedSessions } from './remembered-sessions';
import type { SessionsRepository } from './sessions.repository';

/** The sessions table as the test sets it, counting the reads. */
function testRepo() {
  const repo = {
    reads: 0,
    live: new Map<string, { expires: string; revoked: boolean }>(),
    findLiveUser(jti: string, now: Date) {
      repo.reads += 1;
      const s = repo.live.get(jti);
      if (!s || s.revoked || s.expires <= now.toISOString()) return Promise.resolve(undefined);
      return Promise.resolve({
        user_id: 7,
        id: 7,
        username: 'ann',
        player_name: 'Ann',
        status: 'logged_in',
        is_admin: 0 as const,
        expires_at: s.expires,
      });
    },
    create: () => Promise.resolve(),
    revoke: (jti: string) => {
      repo.live.get(jti)!.revoked = true;
      return Promise.resolve(true);
    },
  };
  return repo;
}

const at = (iso: string) => new Date(iso);

describe('RememberedSessions', () => {
  const setup = () => {
    const repo = testRepo();
    const bus = testBus();
    const sessions = new RememberedSessions(repo as unknown as SessionsRepository, bus);
    repo.live.set('j1', { expires: '2030-01-01T00:00:00.000Z', revoked: false });
    return { repo, bus, sessions };
  };

  it('reads a session once, and checks its expiry on every use', async () => {
    const { repo, sessions } = setup();
    expect(await sessions.findLiveUser('j1', at('2029-01-01T00:00:00Z'))).toBeDefined();
    expect(await sessions.findLiveUser('j1', at('2029-06-01T00:00:00Z'))).toBeDefined();
    expect(repo.reads).toBe(1);
    expect(await sessions.findLiveUser('j1', at('2030-01-01T00:00:00Z'))).toBeUndefined();
    expect(await sessions.findLiveUser('j1', at('2030-01-02T00:00:00Z'))).toBeUndefined();
  });

  it('forgets a session revoked anywhere, and a renamed user; follows status changes', async () => {
    const { repo, bus, sessions } = setup();
    const now = at('2029-01-01T00:00:00Z');
    await sessions.findLiveUser('j1', now);
    bus.publish('users.status-changed', { userIds: [7], status: 'searching' });
    expect((await sessions.findLiveUser('j1', now))?.status).toBe('searching');
    bus.publish('user.renamed', { userId: 7 });
    await sessions.findLiveUser('j1', now);
    expect(repo.reads).toBe(2);
    repo.live.get('j1')!.revoked = true;
    bus.publish('session.revoked', { jti: 'j1' });
    expect(await sessions.findLiveUser('j1', now)).toBeUndefined();
  });

  it('reads the database while the bus may miss events, and forgets all when back', async () => {
    const { repo, bus, sessions } = setup();
    const now = at('2029-01-01T00:00:00Z');
    await sessions.findLiveUser('j1', now);
    bus.inSync = false;
    await sessions.findLiveUser('j1', now);
    await sessions.findLiveUser('j1', now);
    expect(repo.reads).toBe(3);
    // Revoked on another instance while this one could not hear it.
    repo.live.get('j1')!.revoked = true;
    bus.resync();
    expect(await sessions.findLiveUser('j1', now)).toBeUndefined();
  });

  it("does not remember a read that a change of its user overtook, but one of another user's", async () => {
    const { repo, bus, sessions } = setup();
    const now = at('2029-01-01T00:00:00Z');
    const first = sessions.findLiveUser('j1', now);
    bus.publish('users.status-changed', { userIds: [7], status: 'searching' });
    await first;
    await sessions.findLiveUser('j1', now);
    expect(repo.reads).toBe(2);

    // Other players' changes (a busy server has them all the time) leave the read remembered.
    const { repo: quiet, bus: busy, sessions: fresh } = setup();
    const read = fresh.findLiveUser('j1', now);
    busy.publish('users.status-changed', { userIds: [8, 9], status: 'searching' });
    busy.publish('user.renamed', { userId: 8 });
    busy.publish('session.revoked', { jti: 'j2' });
    await read;
    await fresh.findLiveUser('j1', now);
    expect(quiet.reads).toBe(1);
  });

  it('does not remember a read that a revocation overtook', async () => {
    const { repo, bus, sessions } = setup();
    const now = at('2029-01-01T00:00:00Z');
    const read = sessions.findLiveUser('j1', now);
    repo.live.get('j1')!.revoked = true;
    bus.publish('session.revoked', { jti: 'j1' });
    expect(await read).toBeDefined();
    expect(await sessions.findLiveUser('j1', now)).toBeUndefined();
  });
});
