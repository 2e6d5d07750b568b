import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useGameActions } from '../api/game-actions';
import { FormError } from '../../../components/form-error';

/** The leader can type the reading of the player on turn and end the game early. */
export function LeaderControls({
  gameId,
  playerName,
}: {
  gameId: number;
  playerName: string | null;
}) {
  const { typeReading, finish } = useGameActions(gameId);
  const [grams, setGrams] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(grams);
    if (!grams.trim() || !Number.isFinite(value)) {
      setError('Weight must be a number of grams');
      return;
    }
    setError(null);
    typeReading.mutate(value, {
      onSuccess: () => setGrams(''),
      onError: (err) => setError(errorMessage(err, 'Failed to record the reading')),
    });
  }

  return (
    <section aria-label="Leader controls" className="card space-y-3">
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor="manual-grams" className="sr-only">
          Reading for {playerName ?? 'the player on turn'} in grams
        </label>
        <input
          id="manual-grams"
          className="field-input min-w-0 flex-1 placeholder:text-sm"
          inputMode="numeric"
          placeholder={playerName ? `${playerName}'s reading (g)` : 'Reading (g)'}
          value={grams}
          onChange={(e) => setGrams(e.target.value)}
        />
        <button type="submit" className="btn-secondary shrink-0" disabled={typeReading.isPending}>
          Record
        </button>
      </form>
      <FormError message={error} />
      <button
        type="button"
        className="btn-danger w-full"
        disabled={finish.isPending}
        onClick={() => {
          if (window.confirm('End the game now? Completed rounds are scored.')) {
            finish.mutate(undefined, {
              onError: (err) => setError(errorMessage(err, 'Failed to finish the game')),
            });
          }
        }}
      >
        Finish game
      </button>
    </section>
  );
}
