import { useState, type FormEvent } from 'react';
import { createGameBodySchema } from '@beerscale/contract/games';
import { GAME_NAME_MAX } from '@beerscale/contract/limits';
import { errorMessage } from '../../../lib/api-client';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { FormError } from '../../../components/form-error';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useT } from '../../../i18n/use-t';

export function CreateRankedGame() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useLobbyAction();
  const { t } = useT();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createGameBodySchema.safeParse({ gameName: name });
    if (!parsed.success) return setError(formRefusalText(parsed.error.issues[0]?.message ?? ''));
    setError(null);
    action.mutate(lobbyCalls.create(parsed.data.gameName), {
      onError: (err) => setError(errorMessage(err, t('ranked.createFailed'))),
    });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={error} />
      <div>
        <label htmlFor="ranked-name" className="field-label">
          {t('ranked.gameName')}
        </label>
        <input
          id="ranked-name"
          className="field-input"
          maxLength={GAME_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={!name.trim() || action.isPending}
      >
        {t('ranked.create')}
      </button>
    </form>
  );
}
