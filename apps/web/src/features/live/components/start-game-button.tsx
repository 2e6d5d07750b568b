import { Play } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { errorMessage } from '../../../lib/api-client';
import { FormError } from '../../../components/form-error';
import { useStartGame } from '../api/table-actions';
import { useT } from '../../../i18n/use-t';

/** The leader of a set-up game starts it right here, where the table is looking. */
export function StartGameButton({ game }: { game: GameState }) {
  const start = useStartGame(game);
  const { t } = useT();
  const fallback = game.mode === 'fast' ? t('error.START_REMOTE_GAME') : t('live.startFailed');
  return (
    <section aria-label={t('live.start')} className="space-y-2">
      <button
        type="button"
        className="btn-primary min-h-14 w-full text-lg"
        disabled={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        <Play className="size-5" aria-hidden /> {t('live.startGame')}
      </button>
      <FormError message={start.isError ? errorMessage(start.error, fallback) : null} />
    </section>
  );
}
