import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useGameActions } from '../api/game-actions';
import { FormError } from '../../../components/form-error';
import { useT } from '../../../i18n/use-t';

/** The leader can type the reading of the player on turn and end the game early. */
export function LeaderControls({
  gameId,
  playerName,
  canType = true,
}: {
  gameId: number;
  playerName: string | null;
  /** False while house rules wait for a call, a penalty or estimates: nobody weighs then. */
  canType?: boolean;
}) {
  const { typeReading, finish } = useGameActions(gameId);
  const { t } = useT();
  const [grams, setGrams] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(grams);
    if (!grams.trim() || !Number.isFinite(value)) {
      setError(t('live.mustBeNumber'));
      return;
    }
    setError(null);
    typeReading.mutate(value, {
      onSuccess: () => setGrams(''),
      onError: (err) => setError(errorMessage(err, t('live.recordFailed'))),
    });
  }

  return (
    <section aria-label={t('live.leaderControls')} className="card space-y-3">
      {canType && (
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="manual-grams" className="sr-only">
            {t('live.readingLabel', { name: playerName ?? t('live.playerOnTurn') })}
          </label>
          <input
            id="manual-grams"
            className="field-input min-w-0 flex-1 placeholder:text-sm"
            inputMode="numeric"
            placeholder={playerName ? t('live.readingOf', { name: playerName }) : t('live.reading')}
            value={grams}
            onChange={(e) => setGrams(e.target.value)}
          />
          <button type="submit" className="btn-secondary shrink-0" disabled={typeReading.isPending}>
            {t('live.record')}
          </button>
        </form>
      )}
      <FormError message={error} />
      <button
        type="button"
        className="btn-danger w-full"
        disabled={finish.isPending}
        onClick={() => {
          if (window.confirm(t('live.confirmFinish'))) {
            finish.mutate(undefined, {
              onError: (err) => setError(errorMessage(err, t('live.finishFailed'))),
            });
          }
        }}
      >
        {t('live.finish')}
      </button>
    </section>
  );
}
