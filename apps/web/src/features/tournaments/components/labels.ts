import type {
  TournamentFormat,
  TournamentGame,
  TournamentReply,
  TournamentStage,
} from '@beerscale/contract/tournaments';
import { formatGrams } from '../../../i18n/format';
import { t, type TextKey } from '../../../i18n/use-t';

/** "Game 2", "Heat 1", "Second chance", "Final": a row of the schedule by its stage. */
export function gameLabel(game: Pick<TournamentGame, 'stage' | 'heat'>): string {
  switch (game.stage) {
    case 'game':
      return t('tournaments.stage.gameNumber', { number: game.heat });
    case 'heat':
      return t('tournaments.stage.heatNumber', { number: game.heat });
    case 'second-chance':
      return t('tournaments.stage.secondChance');
    case 'final':
      return t('tournaments.stage.final');
  }
}

const STAGE_KEYS: Record<TournamentStage, TextKey> = {
  game: 'tournaments.stage.game',
  heat: 'tournaments.stage.heat',
  'second-chance': 'tournaments.stage.secondChance',
  final: 'tournaments.stage.final',
};

/** The furthest stage a player reached, in words. */
export const stageName = (stage: TournamentStage) => t(STAGE_KEYS[stage]);

/** A stage's heading in the schedule: the heats together ("Heats"), else the stage's name. */
export const stageHeading = (stage: TournamentStage) =>
  stage === 'heat' ? t('tournaments.format.heats') : stageName(stage);

const FORMAT_KEYS: Record<TournamentFormat, TextKey> = {
  'grand-prix': 'tournaments.format.grandPrix',
  heats: 'tournaments.format.heats',
};

export const formatName = (format: TournamentFormat) => t(FORMAT_KEYS[format]);

const STATUS_KEYS: Record<TournamentGame['status'], TextKey> = {
  waiting: 'tournaments.game.waiting',
  ready: 'tournaments.game.ready',
  configured: 'tournaments.game.configured',
  active: 'tournaments.game.active',
  completed: 'tournaments.game.completed',
  dropped: 'tournaments.game.dropped',
};

export const gameStatusName = (status: TournamentGame['status']) => t(STATUS_KEYS[status]);

/** Points won in the last game: "+7", or "–" when none. */
export const changeText = (change: number) => (change > 0 ? `+${change}` : '–');

/** The sum of a player's game means (the grand prix's first tie-break), or "–" before a game. */
export const meanText = (mean: number | null) => (mean === null ? '–' : formatGrams(mean));

/** The schedule's rows grouped by stage, in the order they are played. */
export function byStage(schedule: TournamentReply['schedule']) {
  const stages: { stage: TournamentStage; games: { game: TournamentGame; index: number }[] }[] = [];
  schedule.forEach((game, index) => {
    const last = stages.at(-1);
    if (last?.stage === game.stage) last.games.push({ game, index });
    else stages.push({ stage: game.stage, games: [{ game, index }] });
  });
  return stages;
}

/** The games on scales now (set up or running), and the next one to set up. */
export function nowAndNext(reply: Pick<TournamentReply, 'schedule' | 'next' | 'status'>) {
  const now = reply.schedule.filter((g) => g.status === 'configured' || g.status === 'active');
  const next =
    reply.status === 'running'
      ? reply.next !== null
        ? (reply.schedule[reply.next] ?? null)
        : (reply.schedule.find((g) => g.status === 'ready' || g.status === 'waiting') ?? null)
      : null;
  return { now, next };
}

/** How long the night has run, "1:05:09" (hours, minutes, seconds). */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
