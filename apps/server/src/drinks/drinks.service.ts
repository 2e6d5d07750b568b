import {
  NO_FIGURES,
  addFigures,
  drankFigures,
  type DrankFigures,
  type Drink,
} from '@beerscale/contract/drinks';
import type { Db } from '../db/database';
import { sips } from '../game/play/engine/drank';
import type { EveningOf } from '../game/play/game-snapshot.presenter';
import type { DrinkReadingRow, DrinksRepository } from './drinks.repository';

/** An evening: what was weighed in the last 12 hours (home's "tonight", the evening's limit). */
export const EVENING_MS = 12 * 60 * 60 * 1000;

/** One month of an account's drinking, `YYYY-MM` (UTC). */
export type MonthFigures = DrankFigures & { month: string };

/**
 * What an account drank, from the scale's readings (docs/RULES.md, "Drinks and responsible
 * play"): each decrease counts with the strength of the drink of the game it was weighed in.
 */
export class DrinksService {
  constructor(private readonly repo: DrinksRepository) {}

  /** The last 12 hours: home's `tonight`. */
  async tonight(userId: number, now = new Date()): Promise<DrankFigures> {
    const since = new Date(now.getTime() - EVENING_MS).toISOString();
    const rows = await this.repo.readingsOf([userId], since);
    return sumSince(rows, since);
  }

  /** Every game the account played: the profile's totals and months, newest month first. */
  async history(userId: number): Promise<{ totals: DrankFigures; months: MonthFigures[] }> {
    const rows = await this.repo.readingsOf([userId], null);
    const months = new Map<string, DrankFigures>();
    for (const [player, readings] of byPlayer(rows)) {
      // Grams per month first: the alcohol is rounded once per game and month, not per sip.
      const grams = new Map<string, number>();
      for (const sip of sips(readings)) {
        const month = sip.at.slice(0, 7);
        grams.set(month, (grams.get(month) ?? 0) + sip.grams);
      }
      for (const [month, drank] of grams) {
        const figures = drankFigures(drank, player.abv);
        months.set(month, addFigures(months.get(month) ?? NO_FIGURES, figures));
      }
    }
    const list = [...months]
      .map(([month, figures]) => ({ month, ...figures }))
      .sort((a, b) => b.month.localeCompare(a.month));
    return { totals: list.reduce<DrankFigures>(addFigures, NO_FIGURES), months: list };
  }

  /**
   * For a game's snapshot: each account's evening limit and the standard drinks of its other
   * games of the last 12 hours (the snapshot adds this game's own).
   */
  async eveningOf(
    userIds: readonly number[],
    gameId: number,
    now = new Date(),
  ): Promise<Map<number, EveningOf>> {
    const since = new Date(now.getTime() - EVENING_MS).toISOString();
    const [settings, rows] = await Promise.all([
      this.repo.settingsOf(userIds),
      this.repo.readingsOf(userIds, since, gameId),
    ]);
    return new Map(
      settings.map((user) => [
        user.id,
        {
          limit: user.evening_limit,
          earlierStandardDrinks: sumSince(
            rows.filter((r) => r.user_id === user.id),
            since,
          ).standardDrinks,
        },
      ]),
    );
  }

  setDefaultDrink(userId: number, drink: Drink, db?: Db) {
    return this.repo.setDefaultDrink(userId, drink, db);
  }

  setEveningLimit(userId: number, limit: number | null, db?: Db) {
    return this.repo.setEveningLimit(userId, limit, db);
  }

  /** The account's default drink and evening limit, as the profile shows them. */
  async settings(userId: number): Promise<{ defaultDrink: Drink; eveningLimit: number | null }> {
    const [user] = await this.repo.settingsOf([userId]);
    return {
      defaultDrink: {
        kind: user?.default_drink_kind ?? 'beer',
        abv: (user?.default_drink_abv_tenths ?? 50) / 10,
      },
      eveningLimit: user?.evening_limit ?? null,
    };
  }
}

/** Readings grouped by game player, each with its drink's strength. */
function byPlayer(rows: readonly DrinkReadingRow[]) {
  const players = new Map<number, { abv: number; readings: DrinkReadingRow[] }>();
  for (const row of rows) {
    const player = players.get(row.game_player_id) ?? {
      abv: row.drink_abv_tenths / 10,
      readings: [],
    };
    player.readings.push(row);
    players.set(row.game_player_id, player);
  }
  return [...players.values()].map(
    (p) =>
      [p, p.readings.map((r) => ({ round: r.round, grams: r.grams, at: r.recorded_at }))] as const,
  );
}

/** The figures of every decrease weighed since `since`. */
function sumSince(rows: readonly DrinkReadingRow[], since: string): DrankFigures {
  let total = NO_FIGURES;
  for (const [player, readings] of byPlayer(rows)) {
    const grams = sips(readings)
      .filter((sip) => sip.at >= since)
      .reduce((sum, sip) => sum + sip.grams, 0);
    if (grams > 0) total = addFigures(total, drankFigures(grams, player.abv));
  }
  return total;
}
