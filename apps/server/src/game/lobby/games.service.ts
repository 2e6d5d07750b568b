import { randomInt } from 'node:crypto';
import {
  type ActiveGameReply,
  type GameSummary,
  type Participant,
  type RankedSetupBody,
} from '@beerscale/contract/games';
import { ROUNDS } from '@beerscale/contract/limits';
import type { AuthContext } from '../../auth/auth.service';
import type { Db } from '../../db/database';
import type { GameRow } from '../../db/schema';
import type { OnlineCheck } from '../../devices/device-presence';
import { assertCanPlayOn } from '../play/scale-use';
import { adultsConfirmedFor, rulesJson, storedRules } from '../play/set-up-rules';
import type { RulesInput } from '@beerscale/contract/rules';
import type { EventBus } from '../../realtime/event-bus';
import type { GameRunner } from '../play/game-runner';
import {
  enforce,
  lobbyAbilities,
  mayCancel,
  mayKick,
  mayLeave,
  mayOpenGame,
  mayRateOnScale,
  mayReorder,
  maySetUp,
  mayStartRanked,
  replacedByNewGame,
} from '../game-policy';
import type { GamesRepository } from './games.repository';
import { lockLobby, readLobby, statusAfterLineupChange, type Member } from './lobby-access';
import { notFound } from '../../http/http-error';
import { GROUP_NOT_FOUND } from '../../groups/group-policy';

/** Whether an account is a current member of a group (groups.service.ts). */
export interface GroupMembership {
  isMember(groupId: number, userId: number, db?: Db): Promise<boolean>;
}

/**
 * The ranked lobby apart from invitations: every rule (game-policy.ts) is asked
 * here under the game's lock, whatever the UI shows; every change is announced through the bus,
 * after it is committed, to exactly the people it concerns.
 */
export class GamesService {
  constructor(
    private readonly repo: GamesRepository,
    private readonly runner: GameRunner,
    private readonly bus: EventBus,
    private readonly isOnline: OnlineCheck,
    private readonly groupMembers: GroupMembership,
  ) {}

  async create(name: string, me: AuthContext, groupId?: number): Promise<number> {
    const now = new Date();
    const gameId = await this.repo.transaction(async (trx) => {
      await this.repo.lockUser(me.user.id, trx);
      // Only a group's members set up its games (groups.service.ts isMember).
      if (groupId !== undefined && !(await this.groupMembers.isMember(groupId, me.user.id, trx))) {
        throw notFound(GROUP_NOT_FOUND.message);
      }
      const open = await this.repo.openGamesOf(me.user.id, trx);
      enforce(mayOpenGame('ranked', open));
      await this.repo.cancelUnstarted(replacedByNewGame(open), now, trx);
      const game = {
        name,
        creatorId: me.user.id,
        creatorName: me.user.playerName,
        seed: randomInt(1, 2 ** 31 - 1),
        groupId: groupId ?? null,
      };
      return this.repo.createRanked(game, now, trx);
    });
    this.bus.publish('game.created', { gameId, creatorId: me.user.id, mode: 'ranked' });
    return gameId;
  }

  async get(gameId: number, me: AuthContext): Promise<GameSummary> {
    const { game, members } = await readLobby(this.repo, gameId, me.user.id);
    const can = lobbyAbilities(
      game,
      me.user.id,
      members.map((m) => m.id),
    );
    return { ...summary(game), can };
  }

  async participants(gameId: number, me: AuthContext): Promise<Participant[]> {
    const { members } = await readLobby(this.repo, gameId, me.user.id);
    return members.map(toParticipant);
  }

  /** The caller's open ranked game (an open fast game has its own call, fast-games.service). */
  async activeGame(me: AuthContext): Promise<ActiveGameReply> {
    const open = (await this.repo.openGamesOf(me.user.id)).find((g) => g.mode === 'ranked');
    if (!open) return { activeGame: null };
    return {
      activeGame: {
        gameId: open.id,
        gameName: open.name,
        isLeader: open.creator_id === me.user.id,
        status: open.status,
      },
    };
  }

  /** The leader ends the lobby, or a running game without results; invitations lapse too. */
  async cancel(gameId: number, me: AuthContext): Promise<void> {
    const { game, members, invitees } = await this.repo.transaction(async (trx) => {
      const lobby = await lockLobby(this.repo, gameId, me.user.id, trx, 'leader');
      enforce(mayCancel(lobby.game.status));
      const now = new Date();
      await this.repo.cancelGame(gameId, now, trx);
      const invitees = await this.repo.cancelPendingInvites(gameId, now, trx);
      return { ...lobby, invitees };
    });
    // Invitees were never in the game: their invitation lapses (and its toast is dismissed).
    this.lapse(invitees, game);
    this.bus.publish('lobby.cancelled', {
      gameId,
      gameName: game.name,
      leaderId: me.user.id,
      memberIds: members.map((p) => p.id),
      scaleMac: game.status === 'pending' ? null : game.scale_mac,
    });
  }

  async kick(gameId: number, playerId: number, me: AuthContext): Promise<void> {
    const { game, kicked, rest, status } = await this.repo.transaction(async (trx) => {
      const lobby = await lockLobby(this.repo, gameId, me.user.id, trx, 'leader');
      const memberIds = lobby.members.map((p) => p.id);
      enforce(mayKick(lobby.game, me.user.id, playerId, memberIds));
      const target = lobby.members.find((p) => p.id === playerId)!;
      return {
        ...(await this.removeFromLineup(lobby.game, lobby.members, playerId, trx)),
        kicked: target,
      };
    });
    this.bus.publish('player.kicked', {
      gameId,
      gameName: game.name,
      playerId,
      playerName: kicked.player_name,
      memberIds: rest.map((p) => p.id),
    });
    await this.reconfigure(gameId, status);
  }

  async leave(gameId: number, me: AuthContext): Promise<void> {
    const { rest, status } = await this.repo.transaction(async (trx) => {
      const lobby = await lockLobby(this.repo, gameId, me.user.id, trx);
      const memberIds = lobby.members.map((p) => p.id);
      enforce(mayLeave(lobby.game, me.user.id, memberIds));
      return this.removeFromLineup(lobby.game, lobby.members, me.user.id, trx);
    });
    this.bus.publish('player.left', {
      gameId,
      playerId: me.user.id,
      playerName: me.user.playerName,
      memberIds: rest.map((p) => p.id),
    });
    await this.reconfigure(gameId, status);
  }

  /**
   * UPDATE_PARTICIPANT_ORDER (and PUT /order): the leader's drag and drop. The list must hold
   * exactly the participants, each once; positions become 0..n-1 in the list's order.
   */
  async reorder(gameId: number, order: { id: number }[], userId: number): Promise<void> {
    const wanted = order.map((o) => o.id);
    const { members, status } = await this.repo.transaction(async (trx) => {
      const lobby = await lockLobby(this.repo, gameId, userId, trx, 'leader');
      const memberIds = lobby.members.map((p) => p.id);
      enforce(mayReorder(lobby.game.status, memberIds, wanted));
      await this.repo.setOrder(gameId, wanted, trx);
      return { members: lobby.members, status: lobby.game.status };
    });
    this.bus.publish('order.changed', {
      gameId,
      leaderId: userId,
      memberIds: members.map((p) => p.id),
    });
    await this.reconfigure(gameId, status);
  }

  /** Stores scale, container and rounds, then has the scale told who plays (CONFIGURE). */
  async setup(gameId: number, body: RankedSetupBody, me: AuthContext): Promise<void> {
    const members = await this.repo.transaction(async (trx) => {
      const { game, members } = await lockLobby(this.repo, gameId, me.user.id, trx, 'leader');
      enforce(maySetUp(game.status, members.length));
      await assertCanPlayOn(trx, body.scaleAddress, me.user.id, null, game.group_id);
      const rounds = body.rounds ?? ROUNDS.default;
      const rules = rulesJson(body.rules, members.length);
      const adultsConfirmed = adultsConfirmedFor(rules, body.adultsConfirmed);
      await this.repo.configure(
        gameId,
        { mac: body.scaleAddress, containerType: body.containerType, rounds, rules },
        trx,
      );
      await this.repo.setAdultsConfirmed(gameId, adultsConfirmed, trx);
      return members;
    });
    await this.runner.configure(gameId);
    this.bus.publish('lobby.set-up', {
      gameId,
      leaderId: me.user.id,
      memberIds: members.map((p) => p.id),
    });
  }

  /**
   * Starts what was set up; invitations still open lapse, since nobody can join any more. One
   * transaction: the game runs with its invitations lapsed, or nothing changed at all.
   */
  async start(
    gameId: number,
    me: AuthContext,
    rules?: RulesInput,
    adultsConfirmed?: boolean,
  ): Promise<void> {
    const { game, lapsed, players, announce } = await this.repo.transaction(async (trx) => {
      const { game, members } = await lockLobby(this.repo, gameId, me.user.id, trx, 'leader');
      enforce(mayStartRanked(game.status));
      if (rules !== undefined) {
        const json = rulesJson(rules, members.length);
        // Rules sent with the start need their own confirmation, as at set-up.
        const confirmed = adultsConfirmedFor(json, adultsConfirmed);
        await this.repo.setRules(gameId, json, trx);
        await this.repo.setAdultsConfirmed(gameId, confirmed, trx);
      }
      // The scale may have been assigned to someone else, or taken by another game, since.
      const mac = game.scale_mac ?? '';
      await assertCanPlayOn(trx, mac, me.user.id, gameId, game.group_id);
      const scale = await this.repo.scaleDevice(mac, trx);
      const online = scale?.device_key_hash ? this.isOnline(scale) : false;
      enforce(mayRateOnScale({ paired: Boolean(scale?.device_key_hash), online }));
      const announce = await this.runner.start(gameId, trx);
      const lapsed = await this.repo.cancelPendingInvites(gameId, new Date(), trx);
      return { game, lapsed, players: await this.repo.participants(gameId, trx), announce };
    });
    await announce();
    this.lapse(lapsed, game);
    this.bus.publish('lobby.started', {
      gameId,
      gameName: game.name,
      playerIds: players.map((p) => p.id),
    });
  }

  /** Invitations that end with their game's cancel or start: one fact each (payloads stay small). */
  private lapse(invites: { id: number; invitee_id: number }[], game: GameRow): void {
    for (const invite of invites) {
      this.bus.publish('invite.cancelled', {
        inviteId: invite.id,
        gameId: game.id,
        gameName: game.name,
        inviteeId: invite.invitee_id,
      });
    }
  }

  /** A changed line-up of a set-up game goes to its scale again. */
  private async reconfigure(gameId: number, status: string): Promise<void> {
    if (status === 'configured') await this.runner.configure(gameId);
  }

  private async removeFromLineup(game: GameRow, members: Member[], userId: number, trx: Db) {
    const rest = members.filter((p) => p.id !== userId);
    await this.repo.removeParticipant(game.id, userId, trx);
    await this.repo.setOrder(
      game.id,
      rest.map((p) => p.id),
      trx,
    );
    const status = statusAfterLineupChange(game, rest.length);
    if (status !== game.status) await this.repo.setStatus(game.id, status, trx);
    return { game, rest, status };
  }
}

function summary(game: GameRow): GameSummary {
  return {
    id: game.id,
    name: game.name,
    creator_id: game.creator_id,
    status: game.status,
    scale_mac: game.scale_mac,
    container_type: game.container_type,
    rounds_planned: game.rounds_planned,
    rules: storedRules(game),
  };
}

export function toParticipant(p: Member): Participant {
  return {
    id: p.id,
    playerName: p.player_name,
    currentElo: p.current_elo,
    isLeader: p.is_leader === 1,
    position: p.position,
  };
}
