import { addFigures, drankFigures, isAlcoholic, NO_FIGURES } from '@beerscale/contract/drinks';
import type { GroupMemberDrinks } from '@beerscale/contract/groups';
import { drankGrams } from '../game/play/engine/drank';

// What each member drank over a group's games (docs/RULES.md, "Drinks and responsible play"),
// without I/O: from every reading of their containers, as a game's own figures are computed.

/** A reading of a member's container in one of the group's completed games. */
export interface MemberReading {
  game_player_id: number;
  group_member_id: number | null;
  round: number;
  grams: number;
  drink_abv_tenths: number;
}

/**
 * Per member: the games with readings, grams drunk, alcohol and standard drinks (each game's
 * alcohol from its own drink, then summed), and the grams of water or alcohol-free among them.
 * Unnamed (`name` is filled in by the caller); in no particular order.
 */
export function memberDrinks(
  readings: readonly MemberReading[],
): Omit<GroupMemberDrinks, 'name'>[] {
  const seats = new Map<number, { memberId: number; abv: number; readings: MemberReading[] }>();
  for (const r of readings) {
    if (r.group_member_id === null) continue;
    const seat = seats.get(r.game_player_id);
    if (seat) seat.readings.push(r);
    else {
      seats.set(r.game_player_id, {
        memberId: r.group_member_id,
        abv: r.drink_abv_tenths / 10,
        readings: [r],
      });
    }
  }
  const members = new Map<number, Omit<GroupMemberDrinks, 'name'>>();
  for (const seat of seats.values()) {
    const grams = drankGrams(seat.readings);
    const figures = drankFigures(grams, seat.abv);
    const before = members.get(seat.memberId) ?? {
      memberId: seat.memberId,
      games: 0,
      ...NO_FIGURES,
      alcoholFreeGrams: 0,
    };
    members.set(seat.memberId, {
      ...before,
      ...addFigures(before, figures),
      games: before.games + 1,
      alcoholFreeGrams:
        before.alcoholFreeGrams +
        (isAlcoholic({ kind: 'other', abv: seat.abv }) ? 0 : figures.drankGrams),
    });
  }
  return [...members.values()];
}
