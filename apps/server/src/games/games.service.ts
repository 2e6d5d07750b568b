import { randomInt } from 'node:crypto';
import {
  LOBBY_MESSAGES as M,
  type ActiveGameReply,
  type GameSummary,
  type Participant,
  type RankedSetupBody,
} from '@beerscale/contract/games';
import { GAME_PLAYERS, ROUNDS } from '@beerscale/contract/limits';
import { VALIDATION } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import type { Db } from '../db/database';
import type { GameRow } from '../db/schema';
import type { OnlineCheck } from '../devices/device-presence';
import { badRequest, conflict, notFound } from '../http/http-error';
import { assertCanPlayOn } from '../play/scale-use';
import { rulesJson } from '../play/set-up-rules';
import type { RulesInput } from '@beerscale/contract/rules';
import type { EventBus } from '../realtime/event-bus';
import type { GameRunner } from '../play/game-runner';
import { GAME_NOT_FOUND } from './leader-access';
import { OPEN_STATUSES, type GamesRepository } from './games.repository';
import {
  assertChangeable,
  clearForJoining,
  closedMessage,
  lockLobby,
  readLobby,
  statusAfterLineupChange,
  type Member,
} from './lobby-access';

/**
 * The ranked lobby (SPEC §2, §4, §6) apart from invitations: every rule is checked here under
 * the game's lock, whatever the UI shows; every change is announced through the bus, after it
 * is committed, to exactly the people it concerns.
 */
export class GamesService {
  constructor(
    private readonly repo: GamesRepository,
    private readonly runner: GameRunner,
    private readonly bus: EventBus,
    private readonly isOnline: OnlineCheck,
  ) {}

  async create(name: string, me: AuthContext): Promise<number> {
    const now = new Date();
    const gameId = await this.repo.transaction(async (trx) => {
      await this.repo.lockUser(me.user.id, trx);
      await clearForJoining(this.repo, me.user.id, now, trx);
      const game = {
        name,
        creatorId: me.user.id,
        creatorName: me.user.playerName,
        seed: randomInt(1, 2 ** 31 - 1),
      };
      return this.repo.createRanked(game, now, trx);
    });
    this.bus.publish('game.created', { gameId, creatorId: me.user.id, mode: 'ranked' });
    return gameId;
  }

  async get(gameId: number, me: AuthContext): Promise<GameSummary> {
    const { game } = await readLobby(this.repo, gameId, me.user.id);
    return summary(game);
  }

  async participants(gameId: number, me: AuthContext): Promise<Participant[]> {
    const { members } = await readLobby(this.repo, gameId, me.user.id);
    return members.map(toParticipant);
  }

  /** The caller's open ranked game (an open fast game has its own call, SPEC §7). */
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
      if (!(OPEN_STATUSES as readonly string[]).includes(lobby.game.status)) {
        throw conflict(closedMessage(lobby.game.status));
      }
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
      assertChangeable(lobby.game);
      if (playerId === me.user.id) throw badRequest(M.leaderCannotKick);
      const target = lobby.members.find((p) => p.id === playerId);
      if (!target) throw notFound(M.notAParticipant);
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
      if (!lobby.members.some((p) => p.id === me.user.id)) throw notFound(GAME_NOT_FOUND);
      if (lobby.game.creator_id === me.user.id) throw conflict(M.leaderCannotLeave);
      assertChangeable(lobby.game);
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
      assertChangeable(lobby.game);
      const same =
        wanted.length === lobby.members.length &&
        new Set(wanted).size === wanted.length &&
        lobby.members.every((p) => wanted.includes(p.id));
      if (!same) throw badRequest(M.orderMismatch);
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
      assertChangeable(game);
      if (members.length < GAME_PLAYERS.min) throw badRequest(VALIDATION.inviteAtLeastOne);
      await assertCanPlayOn(trx, body.scaleAddress, me.user.id);
      const rounds = body.rounds ?? ROUNDS.default;
      const rules = rulesJson(body.rules, members.length);
      await this.repo.configure(
        gameId,
        { mac: body.scaleAddress, containerType: body.containerType, rounds, rules },
        trx,
      );
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
  async start(gameId: number, me: AuthContext, rules?: RulesInput): Promise<void> {
    const { game, lapsed, players, announce } = await this.repo.transaction(async (trx) => {
      const { game, members } = await lockLobby(this.repo, gameId, me.user.id, trx, 'leader');
      if (game.status === 'pending') throw badRequest(VALIDATION.setupFirst);
      if (game.status !== 'configured') throw conflict(closedMessage(game.status));
      if (rules !== undefined)
        await this.repo.setRules(gameId, rulesJson(rules, members.length), trx);
      // The scale may have been assigned to someone else, or taken by another game, since.
      const mac = game.scale_mac ?? '';
      await assertCanPlayOn(trx, mac, me.user.id, gameId);
      // Ratings must come from hardware that weighs: an unpaired address or a switched-off
      // scale would leave only typed readings, and the leaderboard could be farmed with them.
      const scale = await this.repo.scaleDevice(mac, trx);
      if (!scale?.device_key_hash) throw conflict(M.rankedScaleNotPaired);
      if (!this.isOnline(scale)) throw conflict(M.rankedScaleNotConnected);
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
