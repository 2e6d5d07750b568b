import { randomInt } from 'node:crypto';
import type { ServerToBrowser } from '@beerscale/contract/browser-socket';
import {
  LOBBY_MESSAGES as M,
  type ActiveGameReply,
  type GameSummary,
  type MyInvite,
  type Participant,
  type PendingInvite,
  type RankedSetupBody,
} from '@beerscale/contract/games';
import { ROUNDS, type ContainerType } from '@beerscale/contract/limits';
import { VALIDATION } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import type { Db } from '../db/database';
import type { GameRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/http-error';
import type { GameRunner } from '../play/game-runner';
import { assertCanPlayOn } from '../play/scale-use';
import type { EventBus } from '../realtime/event-bus';
import type { GamesRepository } from './games.repository';

const CHANGEABLE = ['pending', 'configured'];

/**
 * The ranked lobby (SPEC §2, §4, §6): every rule is enforced here, whatever the UI shows, and
 * every change is announced through the bus to exactly the people it concerns.
 */
export class GamesService {
  private readonly db: Db;

  constructor(
    private readonly repo: GamesRepository,
    private readonly runner: GameRunner,
    private readonly bus: EventBus,
  ) {
    this.db = repo.db;
  }

  async create(name: string, me: AuthContext): Promise<number> {
    if (await this.repo.openGameOf(me.user.id)) throw conflict(M.alreadyInOpenGame);
    return this.repo.createRanked(
      name,
      me.user.id,
      me.user.playerName,
      randomInt(1, 2 ** 31 - 1),
      new Date(),
    );
  }

  async get(gameId: number, me: AuthContext): Promise<GameSummary> {
    const game = await this.visibleGame(gameId, me);
    return summary(game);
  }

  async participants(gameId: number, me: AuthContext): Promise<Participant[]> {
    await this.visibleGame(gameId, me);
    return (await this.repo.participants(gameId)).map(toParticipant);
  }

  async invites(gameId: number, me: AuthContext): Promise<PendingInvite[]> {
    await this.leaderGame(gameId, me);
    return (await this.repo.pendingInvites(gameId)).map((i) => ({
      id: i.id,
      inviteId: i.id,
      status: 'pending' as const,
      player: { id: i.userId, playerName: i.player_name, currentElo: i.current_elo },
    }));
  }

  async myInvites(me: AuthContext): Promise<MyInvite[]> {
    return (await this.repo.invitesFor(me.user.id)).map((i) => ({
      id: i.id,
      inviteId: i.id,
      gameId: i.gameId,
      gameName: i.gameName,
      inviter: { playerId: i.inviterId, playerName: i.inviterName },
    }));
  }

  async invite(gameId: number, playerId: number, me: AuthContext): Promise<number> {
    const game = await this.leaderGame(gameId, me, CHANGEABLE);
    if (playerId === me.user.id) throw badRequest(M.inviteYourself);
    const player = await this.repo.findUser(playerId);
    if (!player) throw notFound(M.playerNotFound);
    const members = await this.repo.participants(gameId);
    if (members.some((p) => p.id === playerId)) throw conflict(VALIDATION.alreadyInGame);
    if (await this.repo.pendingInviteOf(gameId, playerId))
      throw conflict(VALIDATION.alreadyInvited);
    const inviteId = await this.repo.createInvite(gameId, me.user.id, playerId, new Date());
    this.notify([playerId], {
      type: 'GAME_INVITATION',
      invitationId: inviteId,
      gameId,
      gameName: game.name,
      inviter: { playerId: me.user.id, playerName: me.user.playerName },
    });
    return inviteId;
  }

  async cancelInvite(gameId: number, inviteId: number, me: AuthContext): Promise<void> {
    const game = await this.leaderGame(gameId, me);
    const invite = await this.repo.findInvite(inviteId);
    if (!invite || invite.game_id !== gameId) throw notFound(M.inviteNotFound);
    if (!(await this.repo.settleInvite(inviteId, 'cancelled', new Date())))
      throw conflict(M.inviteClosed);
    this.notify([invite.invitee_id], {
      type: 'INVITATION_CANCELLED',
      invitationId: inviteId,
      gameId,
      gameName: game.name,
    });
  }

  async answer(
    inviteId: number,
    status: 'accepted' | 'declined',
    me: AuthContext,
  ): Promise<number | null> {
    const invite = await this.repo.findInvite(inviteId);
    if (!invite || invite.invitee_id !== me.user.id) throw notFound(M.inviteNotFound);
    if (invite.status !== 'pending') throw conflict(M.inviteClosed);
    const game = await this.repo.findGame(invite.game_id);
    if (!game) throw notFound(M.gameNotFound);
    const now = new Date();
    if (status === 'accepted') {
      if (!CHANGEABLE.includes(game.status)) throw conflict(M.gameClosed);
      if (await this.repo.openGameOf(me.user.id)) throw conflict(M.alreadyInOpenGame);
      const others = await this.repo.participants(game.id);
      await this.db.transaction().execute(async (trx) => {
        if (!(await this.repo.settleInvite(inviteId, 'accepted', now, trx)))
          throw conflict(M.inviteClosed);
        await this.repo.addParticipant(game.id, me.user.id, me.user.playerName, now, trx);
        await this.repo.setStatus(game.id, 'pending', trx, ['configured']);
      });
      const ids = others.map((p) => p.id);
      const ref = { gameId: game.id, playerId: me.user.id, playerName: me.user.playerName };
      this.notify([game.creator_id], { type: 'INVITATION_RESPONSE', status, ...ref });
      this.notify(ids, { type: 'PLAYER_JOINED', ...ref });
      this.notify(ids, { type: 'PARTICIPANTS_UPDATED', gameId: game.id });
      return game.id;
    }
    if (!(await this.repo.settleInvite(inviteId, 'declined', now))) throw conflict(M.inviteClosed);
    this.notify([game.creator_id], {
      type: 'INVITATION_RESPONSE',
      status,
      gameId: game.id,
      playerId: me.user.id,
      playerName: me.user.playerName,
    });
    return null;
  }

  async kick(gameId: number, playerId: number, me: AuthContext): Promise<void> {
    const game = await this.leaderGame(gameId, me, CHANGEABLE);
    if (playerId === me.user.id) throw badRequest(M.leaderCannotKick);
    const members = await this.repo.participants(gameId);
    const kicked = members.find((p) => p.id === playerId);
    if (!kicked) throw notFound(M.notAParticipant);
    await this.removeAndRenumber(game, playerId, members);
    const rest = members.filter((p) => p.id !== playerId).map((p) => p.id);
    this.notify([playerId], { type: 'PLAYER_KICKED', gameId, gameName: game.name });
    const ref = { gameId, playerId, playerName: kicked.player_name };
    this.notify(rest, { type: 'PLAYER_KICKED_NOTIFICATION', ...ref });
    this.notify(rest, { type: 'PARTICIPANTS_UPDATED', gameId });
  }

  async leave(gameId: number, me: AuthContext): Promise<void> {
    const game = await this.repo.findGame(gameId);
    const members = game ? await this.repo.participants(gameId) : [];
    if (!game || !members.some((p) => p.id === me.user.id)) throw notFound(M.gameNotFound);
    if (game.creator_id === me.user.id) throw conflict(M.leaderCannotLeave);
    if (!CHANGEABLE.includes(game.status)) throw conflict(M.gameClosed);
    await this.removeAndRenumber(game, me.user.id, members);
    const rest = members.filter((p) => p.id !== me.user.id).map((p) => p.id);
    const ref = { gameId, playerId: me.user.id, playerName: me.user.playerName };
    this.notify(rest, { type: 'PLAYER_LEFT', ...ref });
    this.notify(rest, { type: 'PARTICIPANTS_UPDATED', gameId });
  }

  async cancel(gameId: number, me: AuthContext): Promise<void> {
    const game = await this.leaderGame(gameId, me, ['pending', 'configured', 'active']);
    const members = await this.repo.participants(gameId);
    const now = new Date();
    const invited = await this.db.transaction().execute(async (trx) => {
      await this.repo.setStatus(gameId, 'cancelled', trx);
      return this.repo.cancelPendingInvites(gameId, now, trx);
    });
    const others = [...members.map((p) => p.id), ...invited.map((i) => i.invitee_id)].filter(
      (id) => id !== me.user.id,
    );
    this.notify(others, { type: 'GAME_DELETED', gameId, gameName: game.name });
    this.bus.publish('game.changed', { gameId });
  }

  /** UPDATE_PARTICIPANT_ORDER: the leader's drag and drop, validated and persisted. */
  async reorder(gameId: number, order: { id: number }[], me: AuthContext): Promise<void> {
    await this.leaderGame(gameId, me, CHANGEABLE);
    const members = await this.repo.participants(gameId);
    const wanted = order.map((o) => o.id);
    const same =
      wanted.length === members.length &&
      new Set(wanted).size === wanted.length &&
      members.every((p) => wanted.includes(p.id));
    if (!same) throw badRequest(M.orderMismatch);
    await this.db.transaction().execute((trx) => this.repo.setOrder(gameId, wanted, trx));
    this.notify(
      members.map((p) => p.id).filter((id) => id !== me.user.id),
      { type: 'PARTICIPANTS_UPDATED', gameId },
    );
  }

  async setup(gameId: number, body: RankedSetupBody, me: AuthContext): Promise<void> {
    await this.leaderGame(gameId, me, CHANGEABLE);
    const members = await this.repo.participants(gameId);
    if (members.length <= 1) throw badRequest(VALIDATION.inviteAtLeastOne);
    await assertCanPlayOn(this.db, body.scaleAddress, me.user.id);
    await this.repo.configure(
      gameId,
      body.scaleAddress,
      body.containerType,
      body.rounds ?? ROUNDS.default,
    );
    await this.runner.configure(gameId);
    this.bus.publish('game.changed', { gameId });
  }

  async start(gameId: number, me: AuthContext): Promise<void> {
    const game = await this.leaderGame(gameId, me);
    if (game.status !== 'configured') throw badRequest(VALIDATION.setupFirst);
    await assertCanPlayOn(this.db, game.scale_mac ?? '', me.user.id, gameId);
    await this.runner.start(gameId);
    const members = await this.repo.participants(gameId);
    this.notify(
      members.map((p) => p.id),
      { type: 'RANKED_GAME_STARTED', gameId, gameName: game.name },
    );
  }

  async activeGame(me: AuthContext): Promise<ActiveGameReply> {
    const open = await this.repo.openGameOf(me.user.id);
    if (!open || open.mode !== 'ranked') return { activeGame: null };
    return {
      activeGame: {
        gameId: open.id,
        gameName: open.name,
        isLeader: open.is_leader === 1,
        status: open.status,
      },
    };
  }

  private async removeAndRenumber(
    game: GameRow,
    userId: number,
    members: Awaited<ReturnType<GamesRepository['participants']>>,
  ) {
    const rest = members.filter((p) => p.id !== userId).map((p) => p.id);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.removeParticipant(game.id, userId, trx);
      await this.repo.setOrder(game.id, rest, trx);
      await this.repo.setStatus(game.id, 'pending', trx, ['configured']);
    });
  }

  /** Participants and invitees see a game; for anyone else it does not exist. */
  private async visibleGame(gameId: number, me: AuthContext): Promise<GameRow> {
    const game = await this.repo.findGame(gameId);
    if (!game) throw notFound(M.gameNotFound);
    const members = await this.repo.participants(gameId);
    if (members.some((p) => p.id === me.user.id)) return game;
    if (await this.repo.pendingInviteOf(gameId, me.user.id)) return game;
    throw notFound(M.gameNotFound);
  }

  private async leaderGame(gameId: number, me: AuthContext, statuses?: string[]): Promise<GameRow> {
    const game = await this.visibleGame(gameId, me);
    if (game.creator_id !== me.user.id) throw forbidden(M.leaderOnly);
    if (statuses && !statuses.includes(game.status)) throw conflict(M.gameClosed);
    return game;
  }

  private notify(userIds: number[], message: ServerToBrowser): void {
    if (userIds.length) this.bus.publish('users.notify', { userIds, message });
  }
}

function summary(game: GameRow): GameSummary {
  return {
    id: game.id,
    name: game.name,
    creator_id: game.creator_id,
    status: game.status,
    scale_mac: game.scale_mac,
    container_type: game.container_type as ContainerType | null,
    rounds_planned: game.rounds_planned,
  };
}

function toParticipant(p: {
  id: number;
  player_name: string;
  current_elo: number;
  is_leader: number;
  position: number;
}): Participant {
  return {
    id: p.id,
    playerName: p.player_name,
    currentElo: p.current_elo,
    isLeader: p.is_leader === 1,
    position: p.position,
  };
}
