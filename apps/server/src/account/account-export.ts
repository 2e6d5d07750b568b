import type { AccountExport } from '@beerscale/contract/account';
import type { AccountRepository } from './account.repository';
import { drinkOf } from '../game/play/game-snapshot.presenter';
import { playerFigures } from '../game/play/engine/drank';

type Stored = NonNullable<Awaited<ReturnType<AccountRepository['exportOf']>>>;

/** The export's shape from the stored rows (account-export is the contract's word for it). */
export function presentExport(stored: Stored, now: Date): AccountExport {
  const { user } = stored;
  const readingsBySeat = new Map<number, AccountExport['games'][number]['readings']>();
  for (const r of stored.readings) {
    const list = readingsBySeat.get(r.game_player_id) ?? [];
    list.push({
      round: r.round,
      grams: r.grams,
      differenceG: r.difference_g,
      source: r.source,
      recordedAt: r.recorded_at,
    });
    readingsBySeat.set(r.game_player_id, list);
  }
  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      username: user.username,
      playerName: user.player_name,
      language: user.language,
      status: user.status,
      isAdmin: user.is_admin === 1,
      createdAt: user.created_at,
      ageConfirmedAt: user.age_confirmed_at,
      defaultDrink: { kind: user.default_drink_kind, abv: user.default_drink_abv_tenths / 10 },
      eveningLimit: user.evening_limit,
    },
    statistics: {
      currentElo: user.current_elo,
      peakElo: user.peak_elo,
      gamesPlayed: user.games_played,
      gamesWon: user.games_won,
      rankedGamesPlayed: user.ranked_games_played,
      totalExactMatches: user.total_exact_matches,
      bestMeanDifference: user.best_mean_difference,
      averageMeanDifference: user.average_mean_difference,
    },
    ratingHistory: stored.ratingHistory.map((row) => ({
      gameId: row.game_id,
      gameName: row.name,
      eloBefore: row.elo_before,
      eloAfter: row.elo_after,
      recordedAt: row.recorded_at,
    })),
    games: stored.seats.map((seat) => ({
      id: seat.id,
      name: seat.name,
      mode: seat.mode,
      status: seat.status,
      createdAt: seat.created_at,
      startedAt: seat.started_at,
      completedAt: seat.completed_at,
      scaleAddress: seat.scale_mac,
      playerName: seat.player_name,
      position: seat.position,
      isLeader: seat.is_leader === 1,
      rank: seat.rank,
      startWeight: seat.start_weight,
      lastWeight: seat.last_weight,
      meanDifference: seat.mean_difference,
      exactMatches: seat.exact_matches,
      bestDifference: seat.best_difference,
      eloBefore: seat.elo_before,
      eloAfter: seat.elo_after,
      ...seatDrinking(seat, readingsBySeat.get(seat.seat) ?? []),
      readings: readingsBySeat.get(seat.seat) ?? [],
    })),
    invitations: stored.invitations.map((invite) => ({
      id: invite.id,
      gameId: invite.game_id,
      gameName: invite.name,
      direction: invite.inviter_id === user.id ? ('sent' as const) : ('received' as const),
      status: invite.status,
      createdAt: invite.created_at,
      respondedAt: invite.responded_at,
    })),
    scales: stored.scales.map((scale) => ({
      mac: scale.mac,
      owner: scale.owner_id === user.id,
      approved: scale.owner_id === user.id && scale.approved === 1,
      bridged: scale.bridged === 1,
      scaleName: scale.scale_name,
      modelName: scale.model_name,
      firmware: scale.firmware,
      createdAt: scale.created_at,
      lastSeenAt: scale.last_seen_at,
      settings: Object.fromEntries(
        stored.settings.filter((s) => s.mac === scale.mac).map((s) => [s.key, s.value]),
      ),
    })),
    sessions: stored.sessions.map((session) => ({
      createdAt: session.created_at,
      lastSeenAt: session.last_seen_at ?? session.created_at,
      expiresAt: session.expires_at,
      endedAt: session.revoked_at,
      // As stored: the export holds what is kept, not the list's short form.
      userAgent: session.user_agent ?? '',
    })),
    groups: stored.groups.map((g) => ({
      groupId: g.id,
      name: g.name,
      memberId: g.member_id,
      role: g.role,
      joinedAt: g.joined_at,
      leftAt: g.left_at,
    })),
  };
}

/** A game's drink and what the scale weighed the player drink in it (docs/RULES.md, drinks). */
function seatDrinking(
  seat: Stored['seats'][number],
  readings: readonly { round: number; grams: number }[],
) {
  const drink = drinkOf(seat);
  return { drink, ...playerFigures(readings, drink) };
}
