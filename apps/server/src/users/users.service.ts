import type { ProfileBody, ProfileReply } from '@beerscale/contract/profile';
import type { PublicUser, UserStatus, UsersQuery } from '@beerscale/contract/users';
import { ERRORS } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import { forbidden, notFound } from '../http/http-error';
import type { EventBus } from '../realtime/event-bus';
import { enforce, mayRenameIn } from '../game/game-policy';
import type { PublicUserRow, UsersRepository } from './users.repository';
import { NO_FIGURES } from '@beerscale/contract/drinks';
import type { DrinksService } from '../drinks/drinks.service';

export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    playerName: row.player_name,
    status: row.status,
    currentElo: row.current_elo,
    averageMeanDifference: row.average_mean_difference,
    gamesPlayed: row.games_played,
    gamesWon: row.games_won,
  };
}

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    /** Called after a status change so presence can expire a status nobody holds a socket for. */
    private readonly afterStatusChange: (userId: number) => void,
    private readonly bus: EventBus,
    /** Responsible play's part of the profile (drinks/). */
    private readonly drinks?: DrinksService,
  ) {}

  async list(query: UsersQuery, me: AuthContext): Promise<PublicUser[]> {
    if (query.userId !== undefined) {
      const row = await this.users.findPublicById(query.userId);
      return row ? [toPublicUser(row)] : [];
    }
    const text = query.search ?? '';
    if (!text) return [];
    const rows = await this.users.search(text, query.limit, me.user.id);
    return rows.map(toPublicUser);
  }

  async profile(me: AuthContext): Promise<ProfileReply> {
    const [user, scales, standing, drinking] = await Promise.all([
      this.users.findById(me.user.id),
      this.users.scalesOf(me.user.id),
      this.users.ratingStanding(me.user.id),
      this.drinks?.history(me.user.id) ?? { totals: NO_FIGURES, months: [] },
    ]);
    if (!user) throw notFound(ERRORS.notFound);
    return {
      id: user.id,
      username: user.username,
      playerName: user.player_name,
      currentElo: user.current_elo,
      peakElo: user.peak_elo,
      isAdmin: user.is_admin === 1,
      ...standing,
      scales: scales.map((s) => ({
        mac: s.mac,
        approved: s.owner_id === me.user.id && s.approved === 1,
      })),
      defaultDrink: { kind: user.default_drink_kind, abv: user.default_drink_abv_tenths / 10 },
      eveningLimit: user.evening_limit,
      drinking,
    };
  }

  /**
   * A new player name and/or language; the reply is the profile as it now is. Past games keep
   * the name they were played under; new games use the new one.
   */
  async updateProfile(change: ProfileBody, me: AuthContext): Promise<ProfileReply> {
    const { language, playerName: name } = change;
    // One transaction: a refused name leaves the language as it was too.
    const renamed = await this.users.transaction(async (trx) => {
      if (language) await this.users.setLanguage(me.user.id, language, trx);
      if (change.defaultDrink)
        await this.drinks?.setDefaultDrink(me.user.id, change.defaultDrink, trx);
      if (change.eveningLimit !== undefined) {
        await this.drinks?.setEveningLimit(me.user.id, change.eveningLimit, trx);
      }
      if (name === undefined) return null;
      const seat = await this.users.unstartedSeat(me.user.id, trx);
      const othersNames = seat?.others.map((o) => o.name) ?? [];
      enforce(mayRenameIn(name, othersNames));
      await this.users.setPlayerName(me.user.id, name, trx);
      if (seat) await this.users.renameSeat(me.user.id, seat.gameId, name, trx);
      return { seat };
    });
    if (renamed) this.bus.publish('user.renamed', { userId: me.user.id });
    if (renamed?.seat) {
      this.bus.publish('participant.renamed', {
        gameId: renamed.seat.gameId,
        playerId: me.user.id,
        memberIds: renamed.seat.others.flatMap((o) => (o.userId === null ? [] : [o.userId])),
      });
    }
    return this.profile(me);
  }

  async setStatus(targetId: number, status: UserStatus, me: AuthContext): Promise<void> {
    if (targetId !== me.user.id) throw forbidden(ERRORS.statusOfOthers);
    if (!(await this.users.setStatus(targetId, status))) throw notFound(ERRORS.notFound);
    this.bus.publish('users.status-changed', { userIds: [targetId], status });
    this.afterStatusChange(targetId);
  }
}
