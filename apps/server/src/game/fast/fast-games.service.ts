import { randomInt } from 'node:crypto';
import type { ActiveFastGameReply, CreateFastGameBody } from '@beerscale/contract/fast-games';
import type { ContainerType } from '@beerscale/contract/limits';
import { ROUNDS } from '@beerscale/contract/limits';
import { sameNameKey } from '@beerscale/contract/names';
import { NAME_REFUSALS } from '@beerscale/contract/refusal-messages';
import type { AuthContext } from '../../auth/auth.service';
import type { Db } from '../../db/database';
import {
  enforce,
  mayOpenGame,
  mayStartFast,
  replacedByNewGame,
  type OpenGame,
  fastSetUpAbilities,
} from '../game-policy';
import { badRequest } from '../../http/http-error';
import type { GameRunner } from '../play/game-runner';
import type { EventBus } from '../../realtime/event-bus';
import type { GroupsService } from '../../groups/groups.service';
import { assertCanPlayOn } from '../play/scale-use';
import { adultsConfirmedFor, rulesJson, storedRules } from '../play/set-up-rules';
import type { FastGamesRepository } from './fast-games.repository';

export { FAST_GAME_RUNNING } from '../game-policy';

/**
 * Who sets a fast game up and leads it: the signed-in caller, or the player a tournament's next
 * game is led by (tournaments.service.ts).
 */
export interface GameLeader {
  user: Pick<AuthContext['user'], 'id' | 'playerName'>;
}

/** What a fast game's set-up asks of the groups feature (groups.service.ts). */
export type GroupLineUps = Pick<GroupsService, 'lineUp' | 'rememberSetup'>;

export class FastGamesService {
  constructor(
    private readonly db: Db,
    private readonly games: FastGamesRepository,
    private readonly runner: GameRunner,
    private readonly bus: EventBus,
    private readonly groups: GroupLineUps,
  ) {}

  /**
   * Sets up a fast game: no lobby, no invitations, no rating. The first slot is always the
   * caller's account, whatever name the form sent for it; a set-up game that never started is
   * replaced.
   */
  async create(body: CreateFastGameBody, me: GameLeader): Promise<number> {
    const now = new Date();
    const rules = rulesJson(body.rules, body.players.length);
    const adultsConfirmed = adultsConfirmedFor(rules, body.adultsConfirmed);
    // One transaction under the player's lock: the replaced set-up is cancelled only together
    // with the new game's creation, and two set-ups at once cannot both pass the checks.
    const gameId = await this.games.transaction(async (trx) => {
      await this.games.lockUser(me.user.id, trx);
      // One open game per player, of either mode (game-policy.ts mayOpenGame).
      const fast = await this.games.findOpenByCreator(me.user.id, trx);
      const ranked = await this.games.openRankedGameOf(me.user.id, trx);
      const open: OpenGame[] = [
        ...(fast ? [fast] : []),
        ...(ranked ? [{ ...ranked, mode: 'ranked' as const }] : []),
      ];
      enforce(mayOpenGame('fast', open));
      await assertCanPlayOn(trx, body.scaleAddress, me.user.id, null, body.groupId ?? null);
      // A group game's members are named by the group (groups.service.ts lineUp).
      const seats =
        body.groupId === undefined
          ? null
          : await this.groups.lineUp(body.groupId, body.players, me, trx);
      const names = seats ? seats.map((seat) => seat.name) : body.players.map(({ name }) => name);
      // The first slot is the account's name, whatever the form sent: it must differ too.
      const keys = [me.user.playerName, ...names.slice(1)].map(sameNameKey);
      if (new Set(keys).size !== keys.length) {
        throw badRequest(NAME_REFUSALS.namesDifferOnlyInCase);
      }
      for (const id of replacedByNewGame(open)) await this.games.cancelUnstarted(id, now, trx);
      const created = await this.games.create(
        {
          creatorId: me.user.id,
          creatorName: me.user.playerName,
          otherNames: names.slice(1),
          groupId: body.groupId ?? null,
          memberIds: seats?.map((seat) => seat.memberId) ?? [],
          scaleMac: body.scaleAddress,
          containerType: body.containerType,
          rounds: body.rounds ?? ROUNDS.default,
          drinks: body.players.map((player) => player.drink),
          adultsConfirmed,
          seed: randomInt(1, 2 ** 31 - 1),
          rules,
        },
        now,
        trx,
      );
      if (body.groupId !== undefined) {
        await this.groups.rememberSetup(
          body.groupId,
          {
            memberIds: (seats ?? []).flatMap((seat) =>
              seat.memberId === null ? [] : [seat.memberId],
            ),
            guestNames: (seats ?? []).filter((seat) => seat.memberId === null).map((s) => s.name),
            rules: body.rules ?? null,
            containerType: body.containerType,
            rounds: body.rounds ?? ROUNDS.default,
          },
          trx,
        );
      }
      return created;
    });
    this.bus.publish('game.created', { gameId, creatorId: me.user.id, mode: 'fast' });
    // The scale hears who plays as soon as the game is set up (docs/DEVICE-PROTOCOL.md).
    await this.runner.configure(gameId);
    return gameId;
  }

  async start(gameId: number, me: AuthContext): Promise<void> {
    const open = await this.games.findOpenByCreator(me.user.id);
    enforce(mayStartFast(open, gameId));
    await assertCanPlayOn(
      this.db,
      open?.scale_mac ?? '',
      me.user.id,
      gameId,
      open?.group_id ?? null,
    );
    // CONFIGURE went out at set-up (and goes again with every WELCOME): START is enough.
    const announce = await this.games.transaction((trx) => this.runner.start(gameId, trx));
    await announce();
  }

  async active(me: AuthContext): Promise<ActiveFastGameReply> {
    const open = await this.games.findOpenByCreator(me.user.id);
    if (!open) return { activeGame: null };
    return {
      activeGame: {
        gameId: open.id,
        status: open.status,
        players: await this.games.playerNames(open.id),
        scaleAddress: open.scale_mac ?? '',
        // A fast game is set up with its container, so it is never null here.
        containerType: open.container_type as ContainerType,
        rounds: open.rounds_planned,
        rules: storedRules(open),
        can: fastSetUpAbilities({ id: open.id, mode: open.mode, status: open.status }),
      },
    };
  }
}
