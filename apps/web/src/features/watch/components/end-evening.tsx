import { Moon } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useEndEvening } from '../api/end-evening';

/**
 * After a game, on the leader's /live: the watch link (TV, phones) follows Play again to the
 * next game; ending the evening leaves it on this one.
 */
export function EndEvening({ game }: { game: GameState }) {
  const end = useEndEvening(game.id);
  const { t } = useT();
  return (
    <section className="card space-y-2" aria-labelledby="end-evening-title">
      <h2 id="end-evening-title" className="flex items-center gap-2 text-lg font-bold">
        <Moon className="size-5 text-amber-300" aria-hidden />
        {t('watch.endEvening')}
      </h2>
      {end.isSuccess ? (
        <p role="status" className="text-sm text-foam-200">
          {t('watch.eveningEnded')}
        </p>
      ) : (
        <>
          <p className="text-sm text-foam-200">{t('watch.followsHint')}</p>
          <button
            type="button"
            className="btn-secondary min-h-11"
            disabled={end.isPending}
            onClick={() => end.mutate()}
          >
            {t('watch.endEvening')}
          </button>
          <FormError message={end.isError ? errorMessage(end.error, t('watch.endFailed')) : null} />
        </>
      )}
    </section>
  );
}
