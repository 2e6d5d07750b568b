import {
  LOBBY_MESSAGES as M,
  type AnswerInviteBody,
  type MyInvite,
  type PendingInvite,
} from '@beerscale/contract/games';
import type { AuthContext } from '../../auth/auth.service';
import { conflict, notFound, tooManyRequests } from '../../http/http-error';
import type { EventBus } from '../../realtime/event-bus';
import type { GameRunner } from '../play/game-runner';
import type { GamesRepository } from './games.repository';
import type { GroupMembership } from './games.service';
import { GROUP_REFUSALS } from '@beerscale/contract/group-messages';
import { enforce, mayInvite, mayJoin, replacedByNewGame } from '../game-policy';
import { lockLobby, readLobby } from './lobby-access';

type Answer = AnswerInviteBody['status'];

/**
 * Invitations of the ranked lobby: the leader invites and cancels, the invitee answers. A player
 * may hold one pending invitation per game; after a kick, a leave or an answer they can be
 * invited anew.
 */
export class InvitesService {
  constructor(
    private readonly repo: GamesRepository,
    private readonly runner: GameRunner,
    private readonly bus: EventBus,
    /** Invitations one game may send per minute: invite/cancel cycles must not flood a player. */
    private readonly invitesPerMinute: number,
    /** Invitations one account may send per hour over all its games (a new game starts no new count). */
    private readonly invitesPerUserPerHour: number = 60,
    /** A group's ranked game invites its members only (groups.service.ts). */
    private readonly groupMembers?: GroupMembership,
  ) {}

  /** The leader's Pending Invites list. */
  async pending(gameId: number, me: AuthContext): Promise<PendingInvite[]> {
    await readLobby(this.repo, gameId, me.user.id, 'leader');
    return (await this.repo.pendingInvites(gameId)).map((i) => ({
      id: i.id,
      inviteId: i.id,
      status: 'pending' as const,
      player: { id: i.userId, playerName: i.player_name, currentElo: i.current_elo },
    }));
  }

  /** The caller's open invitations, so a reloaded page can show them again. */
  async mine(me: AuthContext): Promise<MyInvite[]> {
    return (await this.repo.invitesFor(me.user.id)).map((i) => ({
      id: i.id,
      inviteId: i.id,
      gameId: i.gameId,
      gameName: i.gameName,
      inviter: { playerId: i.inviterId, playerName: i.inviterName },
    }));
  }

  async invite(gameId: number, playerId: number, me: AuthContext): Promise<number> {
    const { game, inviteId } = await this.repo.transaction(async (trx) => {
      const { game, members } = await lockLobby(this.repo, gameId, me.user.id, trx, 'leader');
      const invitee = await this.repo.findUser(playerId, trx);
      const invited = await this.repo.pendingInvites(gameId, trx);
      const facts = {
        leaderId: me.user.id,
        playerId,
        inviteeName: invitee?.player_name ?? null,
        memberIds: members.map((p) => p.id),
        takenNames: [...members, ...invited].map((p) => p.player_name),
        invitedHere: Boolean(await this.repo.pendingInviteOf(gameId, playerId, trx)),
        invitedByLeaderElsewhere: Boolean(
          await this.repo.pendingInviteBetween(me.user.id, playerId, trx),
        ),
      };
      enforce(mayInvite(game.status, facts));
      if (
        game.group_id !== null &&
        !(await this.groupMembers?.isMember(game.group_id, playerId, trx))
      ) {
        throw conflict(GROUP_REFUSALS.notAMemberOfGroup);
      }
      // Counted under the game's lock, in the table: racing requests and instances share it.
      const now = new Date();
      const sent = await this.repo.invitesSentSince(gameId, new Date(now.getTime() - 60_000), trx);
      if (sent >= this.invitesPerMinute) throw tooManyRequests(M.tooManyInvites);
      // Per inviter too: cancelling and creating games must not reset the count. A player has
      // one open game at most, so the game's lock serialises the inviter's invitations.
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const oldest = await this.repo.invitesByInviterSince(me.user.id, hourAgo, trx);
      if (oldest.length >= this.invitesPerUserPerHour) {
        const freedAt = new Date(oldest[oldest.length - this.invitesPerUserPerHour]!).getTime();
        throw tooManyRequests(M.tooManyInvitesSent, freedAt + 3_600_000 - now.getTime());
      }
      const invite = { gameId, inviterId: me.user.id, inviteeId: playerId };
      return { game, inviteId: await this.repo.createInvite(invite, now, trx) };
    });
    this.bus.publish('invite.created', {
      inviteId,
      gameId,
      gameName: game.name,
      inviteeId: playerId,
      inviterId: me.user.id,
      inviterName: me.user.playerName,
    });
    return inviteId;
  }

  async cancel(gameId: number, inviteId: number, me: AuthContext): Promise<void> {
    const { game, inviteeId } = await this.repo.transaction(async (trx) => {
      const { game } = await lockLobby(this.repo, gameId, me.user.id, trx, 'leader');
      const invite = await this.repo.findInvite(inviteId, trx);
      if (!invite || invite.game_id !== gameId) throw notFound(M.inviteNotFound);
      if (!(await this.repo.settleInvite(inviteId, 'cancelled', new Date(), trx))) {
        throw conflict(M.inviteClosed);
      }
      return { game, inviteeId: invite.invitee_id };
    });
    this.bus.publish('invite.cancelled', { inviteId, gameId, gameName: game.name, inviteeId });
  }

  /**
   * The invitee answers. Accepting puts them at the end of the turn order, in the same
   * transaction as the invite's new status; it obeys the one-open-game rule.
   */
  async answer(inviteId: number, status: Answer, me: AuthContext): Promise<number> {
    const now = new Date();
    const { game, before, configured } = await this.repo.transaction(async (trx) => {
      // The user's lock first, then the game's: the same order as everywhere else.
      await this.repo.lockUser(me.user.id, trx);
      const invite = await this.repo.findInvite(inviteId, trx);
      if (!invite || invite.invitee_id !== me.user.id) throw notFound(M.inviteNotFound);
      // The invite itself is the caller's tie to the game, whatever became of it since.
      const game = await this.repo.lockGame(invite.game_id, trx);
      if (!game) throw notFound(M.inviteNotFound);
      if (!(await this.repo.settleInvite(inviteId, status, now, trx))) {
        throw conflict(M.inviteClosed);
      }
      const members = await this.repo.participants(game.id, trx);
      if (status === 'accepted') {
        const open = await this.repo.openGamesOf(me.user.id, trx);
        const names = members.map((p) => p.player_name);
        enforce(mayJoin(game.status, open, names, me.user.playerName));
        await this.repo.cancelUnstarted(replacedByNewGame(open), now, trx);
        await this.repo.addParticipant(game.id, me.user.id, me.user.playerName, now, trx);
      }
      return { game, before: members, configured: game.status === 'configured' };
    });
    const ref = {
      gameId: game.id,
      leaderId: game.creator_id,
      playerId: me.user.id,
      playerName: me.user.playerName,
    };
    if (status === 'declined') this.bus.publish('invite.declined', ref);
    else {
      this.bus.publish('participant.joined', { ...ref, memberIds: before.map((p) => p.id) });
      if (configured) await this.runner.configure(game.id);
    }
    return game.id;
  }
}
