import type { GameState } from '@beerscale/contract/game-state';

const PHASE_LABEL = {
  INITIAL_WEIGHING: 'Initial weighing',
  DRINKING: 'Drinking',
  SCORING: 'Scoring',
  FINISHED: 'Finished',
} as const;

export function PhaseBanner({ game }: { game: GameState }) {
  const onTurn = game.players.find((p) => p.id === game.currentPlayerId);
  const instruction =
    game.status === 'configured'
      ? 'Waiting for the leader to start the game'
      : game.phase === 'INITIAL_WEIGHING'
        ? `${onTurn?.playerName ?? 'Next player'}: put your full container on the scale`
        : game.phase === 'DRINKING'
          ? `Everyone drink! ${onTurn?.playerName ?? 'The first player'} weighs first`
          : game.phase === 'SCORING'
            ? `${onTurn?.playerName ?? 'Next player'}: put your container on the scale`
            : 'Game over';
  return (
    <section aria-label="Game status" className="card">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold text-foam-200">
        <span className="rounded-full bg-amber-400/15 px-3 py-1 text-amber-300">
          {game.phase ? PHASE_LABEL[game.phase] : 'Set up'}
        </span>
        {game.round > 0 && (
          <span>
            Round {game.round} of {game.roundsPlanned}
          </span>
        )}
      </div>
      {game.target !== null && (
        <p className="mt-3 text-center">
          <span className="block text-sm text-foam-400">Target</span>
          <span className="font-mono text-5xl font-black text-amber-400 tabular-nums">
            {game.target} g
          </span>
        </p>
      )}
      <p className="mt-3 text-center text-lg font-bold" aria-live="polite">
        {instruction}
      </p>
    </section>
  );
}
