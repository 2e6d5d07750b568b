import { Play } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { ERRORS } from '@beerscale/contract/messages';
import { errorMessage } from '../../../lib/api-client';
import { FormError } from '../../../components/form-error';
import { useStartGame } from '../api/table-actions';

/** The leader of a set-up game starts it right here, where the table is looking. */
export function StartGameButton({ game }: { game: GameState }) {
  const start = useStartGame(game);
  const fallback = game.mode === 'fast' ? ERRORS.startRemoteGame : 'Failed to start the game';
  return (
    <section aria-label="Start" className="space-y-2">
      <button
        type="button"
        className="btn-primary min-h-14 w-full text-lg"
        disabled={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        <Play className="size-5" aria-hidden /> Start game
      </button>
      <FormError message={start.isError ? errorMessage(start.error, fallback) : null} />
    </section>
  );
}
