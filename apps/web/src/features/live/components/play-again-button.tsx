import { RotateCcw } from 'lucide-react';
import { useLocation } from 'wouter';
import type { GameState } from '@beerscale/contract/game-state';
import { errorMessage } from '../../../lib/api-client';
import { FormError } from '../../../components/form-error';
import { usePlayAgain } from '../api/table-actions';
import { useT } from '../../../i18n/use-t';

/** After the results: the same players on the same scale, one tap away. */
export function PlayAgainButton({ game }: { game: GameState }) {
  const again = usePlayAgain(game);
  const [, navigate] = useLocation();
  const { t } = useT();
  const fallback = game.mode === 'fast' ? t('error.CREATE_FAST_GAME') : t('live.createFailed');
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn-primary min-h-12 w-full"
        disabled={again.isPending}
        onClick={() => again.mutate(undefined, { onSuccess: (to) => navigate(`/${to}`) })}
      >
        <RotateCcw className="size-5" aria-hidden /> {t('live.playAgain')}
      </button>
      <FormError message={again.isError ? errorMessage(again.error, fallback) : null} />
    </div>
  );
}
