import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, onTestFailed, vi } from 'vitest';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { setUpFastGame } from './support/quick-game';
import { httpClient, type HttpCall } from './support/http-client';
import { adminToken, confirmCode } from './support/pairing';
import { rankedLobby, startRanked } from './support/ranked';
import {
  FirmwareRun,
  findOrBuildFirmware,
  placeInTurn,
  scaleFolder,
} from './support/reference-firmware';
import { startTestServer, type TestServer } from './support/test-server';
import { macMaker } from './support/next-mac';

// The reference firmware's host build (firmware/, C++) against the real server: paired by the
// code it prints, it plays a fast and a ranked game from scripted weights to their results.
const firmware = findOrBuildFirmware();
if (!firmware.binary) console.warn(`reference firmware tests skipped: ${firmware.reason}`);

const nextMac = macMaker('FA');

describeEachDialect('the reference firmware', ({ dialect }) => {
  let server: TestServer;
  let call: HttpCall;
  let admin: string;
  let leader: Account;
  const runs: FirmwareRun[] = [];
  const folders: ReturnType<typeof scaleFolder>[] = [];
  const folder = scaleFolder();
  folders.push(folder);
  const mac = nextMac();

  const start = (extra: string[] = [], scaleMac = mac, dir = folder.dir) => {
    const run = new FirmwareRun(firmware.binary!, {
      server: `${server.wsUrl}/ws/device`,
      mac: scaleMac,
      dir,
      extra,
    });
    runs.push(run);
    return run;
  };
  // What the scales printed, for a failure's report.
  const showRuns = () =>
    runs.forEach((run) =>
      console.log(`${run.options.mac}:\n${run.lines.join('\n')}\n${run.stderr}`),
    );
  const completed = (gameId: number) =>
    vi.waitFor(
      async () => {
        const state = (await call('GET', `/api/games/${gameId}/state`, { token: leader.token }))
          .body.game;
        expect(state.status).toBe('completed');
        return state;
      },
      { timeout: 90_000, interval: 250 },
    );
  const targets = async (gameId: number) =>
    (
      await server.instance.database.db
        .selectFrom('rounds')
        .select(['number', 'target_g'])
        .where('game_id', '=', gameId)
        .orderBy('number')
        .execute()
    ).map((r) => Number(r.target_g));
  const elo = async (account: Account) =>
    (await call('GET', `/api/users?limit=1&userId=${account.id}`, { token: leader.token })).body[0]
      .currentElo;

  beforeAll(async () => {
    if (!firmware.binary) return;
    server = await startTestServer(dialect);
    call = httpClient(server.baseUrl);
    admin = await adminToken(call, server.instance.database);
    leader = await createAccount(server);
  });
  afterAll(async () => {
    await Promise.all(runs.map((run) => run.stop()));
    await server?.stop();
    folders.forEach((f) => f.remove());
  });

  it.skipIf(!firmware.binary)(
    'pairs by the code it shows, plays a fast game and, after a restart with its stored key, a ranked game',
    async () => {
      onTestFailed(showRuns);
      // Pairing: the code from its screen, confirmed as an administrator would.
      let scale = start();
      const [, code] = await scale.line(/^PAIRING CODE (\d{6})$/);
      await confirmCode(call, admin, mac, code!);
      await scale.line(/^DISPLAY IDLE:/);
      const store = JSON.parse(readFileSync(join(folder.dir, 'store.json'), 'utf8'));
      expect(store.key).toMatch(/^.{20,}$/);

      // A fast game of two rounds: both full bottles weighed, then each round drunk and weighed.
      const created = await setUpFastGame(call, leader, ['Bob'], mac, { rounds: 2 });
      expect(created.status).toBe(201);
      const fastId = created.body.gameId;
      const shown = scale.lines.length;
      await call('POST', `/api/fast-game/${fastId}/start`, { token: leader.token });
      await scale.line(/^DISPLAY INITIAL_WEIGHING: /, shown);
      await placeInTurn(scale, folder.script, [540, 520, 470, 450, 400, 390]);
      const fast = await completed(fastId);
      await scale.line(/^DISPLAY FINISHED: .*Game over/, shown);
      const [t1, t2] = await targets(fastId);
      expect(fast.players.map((p: any) => [p.startWeight, p.differences])).toEqual([
        [540, [Math.abs(470 - t1!), Math.abs(400 - t2!)]],
        [520, [Math.abs(450 - t1!), Math.abs(390 - t2!)]],
      ]);
      // The scale showed each round's target as the server drew it.
      await scale.line(new RegExp(`^DISPLAY DRINKING: ${leader.playerName} / ${t1} g / `), shown);
      await scale.line(new RegExp(`^DISPLAY DRINKING: ${leader.playerName} / ${t2} g / `), shown);

      // Switched off and on: it keeps its key, so it is welcomed without a new code.
      expect(await scale.stop()).toBe(0);
      folder.script([[0, 0]]);
      scale = start();
      await scale.line(/^DISPLAY IDLE:/);
      expect(scale.lines.some((line) => line.startsWith('PAIRING'))).toBe(false);

      // A ranked game on it: the leader's drinking hits closer than the member's, and wins.
      const member = await createAccount(server);
      const rankedId = await rankedLobby(call, leader, [member]);
      const rankedShown = scale.lines.length;
      await startRanked(call, leader, rankedId, mac, 1);
      await scale.line(/^DISPLAY INITIAL_WEIGHING: /, rankedShown);
      await placeInTurn(scale, folder.script, [530, 510, 480, 380]);
      const ranked = await completed(rankedId);
      await scale.line(/^DISPLAY FINISHED: /, rankedShown);
      const [target] = await targets(rankedId);
      const byUser = new Map(ranked.players.map((p: any) => [p.userId, p]));
      expect(byUser.get(leader.id)).toMatchObject({
        differences: [Math.abs(480 - target!)],
        rank: 1,
      });
      expect(byUser.get(member.id)).toMatchObject({
        differences: [Math.abs(380 - target!)],
        rank: 2,
      });
      expect(await elo(leader)).toBeGreaterThan(1200);
      expect(await elo(member)).toBeLessThan(1200);
      expect(await scale.stop()).toBe(0);
    },
    240_000,
  );

  it.skipIf(!firmware.binary)(
    "takes its owner's settings, and goes back from a WiFi it cannot join without trying it again",
    async () => {
      onTestFailed(showRuns);
      const ownMac = nextMac();
      const owner = await createAccount(server, { mac: ownMac });
      await runAdminCommand(
        server.instance.database,
        ['assign-scale', '--mac', ownMac, '--username', owner.username],
        () => {},
      );
      const own = scaleFolder();
      folders.push(own);
      const base = `/api/scale-settings/scales/${ownMac}`;
      const scale = start(['--unreachable-ssid', 'Cellar'], ownMac, own.dir);
      const [, code] = await scale.line(/^PAIRING CODE (\d{6})$/);
      const paired = await call('POST', `${base}/pair`, { token: owner.token, body: { code } });
      expect(paired.status).toBe(200);
      await scale.line(/^DISPLAY IDLE: Ready/);

      // SETTINGS reaches the scale, which applies and keeps it.
      const stored = () => JSON.parse(readFileSync(join(own.dir, 'store.json'), 'utf8'));
      const put = await call('PUT', `${base}/settings`, {
        token: owner.token,
        body: { settings: { calibration_offset: -2.5, device_name: 'Bar scale' } },
      });
      expect(put.status).toBe(200);
      await vi.waitFor(
        () => expect(stored()).toMatchObject({ offset: '-2.5', name: 'Bar scale' }),
        {
          timeout: 15_000,
        },
      );

      // A network it cannot join: it tries once, goes back and reconnects on the one it had.
      const before = scale.lines.length;
      const wifi = await call('PUT', `${base}/wifi`, {
        token: owner.token,
        body: { ssid: 'Cellar', password: 'cellar-pass' },
      });
      expect(wifi.status).toBe(200);
      const failed = await scale.line(/^DISPLAY WIFI: Could not join Cellar/, before);
      await scale.line(/^DISPLAY IDLE: Bar scale \/ Ready/, scale.lines.indexOf(failed.input!));
      // The server names the network again in that WELCOME; the scale does not try it again.
      const tries = scale.lines.slice(before).filter((l) => l.startsWith('DISPLAY WIFI: Cellar'));
      expect(tries).toHaveLength(1);
      await vi.waitFor(() =>
        expect(scale.stderr).toContain('could not join WiFi Cellar; back to the previous network'),
      );
      expect(stored().wssid).toBeUndefined();
      expect(await scale.stop()).toBe(0);
    },
    120_000,
  );
});
