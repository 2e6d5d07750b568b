import type { GamesRepository } from '../game/lobby/games.repository';
import type {
  AccountExport,
  AccountSession,
  ChangePasswordBody,
  DeleteAccountBody,
  PasswordResetInfo,
  ResetPasswordBody,
} from '@beerscale/contract/account';
import { ACCOUNT_REFUSALS } from '@beerscale/contract/account-messages';
import { ERRORS } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import type { AuthLimiter, LoginAttempt } from '../auth/auth-limiter';
import { hashPassword, verifyPassword } from '../auth/password';
import type { SessionsRepository } from '../auth/sessions.repository';
import { describeUserAgent } from '../auth/user-agent';
import { conflict, forbidden, notFound, tooManyRequests } from '../http/http-error';
import { enforce, mayDeleteAccount } from '../game/game-policy';
import type { EventBus } from '../realtime/event-bus';
import type { AccountRepository } from './account.repository';
import type { PasswordResetsRepository } from './password-resets.repository';
import { presentExport } from './account-export';

/** What leaving an open lobby means: the lobby's own rules (games.service.ts). */
export interface LobbyExit {
  leave(gameId: number, me: AuthContext): Promise<void>;
  cancel(gameId: number, me: AuthContext): Promise<void>;
  /** The open games (lobby, set up, running) the account plays in (games.repository.ts). */
  openGamesOf: GamesRepository['openGamesOf'];
}

/**
 * The player's own account (password, sessions, deletion, export) and the reset link's use.
 * Every password typed here is limited like a sign-in (auth-limiter.ts); every session that
 * ends is announced, so its sockets close with 1008 wherever they are.
 */
export class AccountService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly sessions: SessionsRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly limiter: AuthLimiter,
    private readonly bus: EventBus,
    private readonly lobby: LobbyExit,
  ) {}

  async changePassword(
    body: ChangePasswordBody,
    me: AuthContext,
    address: string,
  ): Promise<number> {
    await this.checkPassword(me.user.id, body.currentPassword, address);
    await this.repo.setPassword(me.user.id, await hashPassword(body.newPassword));
    return this.endSessions(me.user.id, me.jti);
  }

  async list(me: AuthContext, now = new Date()): Promise<AccountSession[]> {
    const rows = await this.sessions.liveOf(me.user.id, now);
    return rows.map((row) => ({
      id: row.jti,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at ?? row.created_at,
      userAgent: describeUserAgent(row.user_agent),
      current: row.jti === me.jti,
    }));
  }

  async endSession(jti: string, me: AuthContext): Promise<void> {
    if (!(await this.sessions.revokeOwn(me.user.id, jti, new Date()))) {
      throw notFound(ACCOUNT_REFUSALS.sessionNotFound);
    }
    this.bus.publish('session.revoked', { jti });
  }

  endOtherSessions(me: AuthContext): Promise<number> {
    return this.endSessions(me.user.id, me.jti);
  }

  /**
   * Deletes the account for good. Its open lobbies are left as a player leaves them (the leader
   * cannot leave, so a lobby it leads is cancelled, and a fast game it set up is closed); a
   * running game must end first, since nobody can take a player's turns.
   */
  async deleteAccount(body: DeleteAccountBody, me: AuthContext, address: string): Promise<void> {
    await this.checkPassword(me.user.id, body.password, address);
    const open = await this.lobby.openGamesOf(me.user.id);
    enforce(mayDeleteAccount(open));
    const now = new Date();
    for (const game of open) {
      if (game.mode === 'fast') {
        if (await this.repo.cancelFastSetUp(game.id, now)) {
          this.bus.publish('game.cancelled', {
            gameId: game.id,
            gameName: game.name,
            mac: game.scale_mac,
          });
        }
      } else if (game.creator_id === me.user.id) {
        await this.lobby.cancel(game.id, me);
      } else {
        await this.lobby.leave(game.id, me);
      }
    }
    // The account's invitations go with it: their leaders hear them declined.
    const invitations = await this.repo.pendingInvitationsTo(me.user.id);
    const erased = await this.repo.erase(me.user.id, now);
    if (erased.outcome === 'gone') throw notFound(ERRORS.notFound);
    if (erased.outcome === 'open-game') throw conflict(ACCOUNT_REFUSALS.runningGameFirst);
    for (const jti of erased.jtis) this.bus.publish('session.revoked', { jti });
    for (const invitation of invitations) {
      this.bus.publish('invite.declined', {
        gameId: invitation.game_id,
        leaderId: invitation.creator_id,
        playerId: me.user.id,
        playerName: me.user.playerName,
      });
    }
    for (const mac of erased.macs) {
      this.bus.publish('scale.key-reset', { mac });
      this.bus.publish('scale.owner-changed', { mac });
    }
    // The name is gone from every list: the leaderboard, the homes and remembered sessions drop it.
    this.bus.publish('user.renamed', { userId: me.user.id });
  }

  async exportData(me: AuthContext, now = new Date()): Promise<AccountExport> {
    const stored = await this.repo.exportOf(me.user.id);
    if (!stored) throw notFound(ERRORS.notFound);
    return presentExport(stored, now);
  }

  async resetInfo(token: string, address: string): Promise<PasswordResetInfo> {
    const attempt = await this.admit('reset-link', address);
    const open = await this.resets.findOpen(token, new Date());
    if (!open) {
      attempt.failed();
      throw notFound(ACCOUNT_REFUSALS.resetLinkInvalid);
    }
    attempt.succeeded();
    return { username: open.username, expiresAt: open.expires_at };
  }

  /** Sets the new password once per link; every session of the account ends. */
  async resetPassword(token: string, body: ResetPasswordBody, address: string): Promise<void> {
    const attempt = await this.admit('reset-link', address);
    const passwordHash = await hashPassword(body.newPassword);
    const now = new Date();
    const userId = await this.repo.transaction(async (trx) => {
      const owner = await this.resets.consume(token, now, trx);
      if (owner !== null) await this.repo.setPassword(owner, passwordHash, trx);
      return owner;
    });
    if (userId === null) {
      attempt.failed();
      throw notFound(ACCOUNT_REFUSALS.resetLinkInvalid);
    }
    attempt.succeeded();
    await this.endSessions(userId, null);
  }

  /** Revokes every live session of the account but `keep`, and closes their sockets. */
  async endSessions(userId: number, keep: string | null): Promise<number> {
    const ended = await this.sessions.revokeAllOf(userId, keep, new Date());
    for (const jti of ended) this.bus.publish('session.revoked', { jti });
    return ended.length;
  }

  private async checkPassword(userId: number, password: string, address: string): Promise<void> {
    const attempt = await this.admit(`#${userId}`, address);
    let ok = false;
    try {
      const user = await this.repo.passwordHashOf(userId);
      ok = user !== undefined && (await verifyPassword(user.password_hash, password));
    } finally {
      if (ok) attempt.succeeded();
      else attempt.failed();
    }
    if (!ok) throw forbidden(ACCOUNT_REFUSALS.passwordIncorrect);
  }

  private async admit(account: string, address: string): Promise<LoginAttempt> {
    const admission = await this.limiter.admitPasswordCheck(account, address);
    if (!admission.admitted) {
      throw tooManyRequests(ERRORS.tooManyLogins(admission.retryAfterMs), admission.retryAfterMs);
    }
    return admission.slot;
  }
}
