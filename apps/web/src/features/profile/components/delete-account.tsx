import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { VALIDATION } from '@beerscale/contract/messages';
import { FormError } from '../../../components/form-error';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useSession } from '../../../lib/session-context';
import { useDeleteAccount } from '../api/account';

/**
 * "Delete my account": said plainly to be irreversible, confirmed by typing the player name and
 * the password. The session ends with the account, so the app forgets it at once.
 */
export function DeleteAccount({ playerName }: { playerName: string }) {
  const { t } = useT();
  const { socket, tokenFailed } = useSession();
  const [typedName, setTypedName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const named = typedName.trim() === playerName;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!named) return setError(t('account.nameMismatch'));
    if (!password) return setError(formRefusalText(VALIDATION.passwordRequired));
    setError(null);
    // The server closes this tab's socket with the session: not a dead token to report.
    socket.stop();
    remove.mutate(password, {
      onSuccess: () => {
        toast.success(t('account.deleted'));
        tokenFailed();
      },
      onError: (err) => {
        socket.start();
        setError(errorMessage(err, t('account.deleteFailed')));
      },
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="card space-y-3 border border-red-500/40"
      aria-labelledby="delete-title"
    >
      <h2 id="delete-title" className="flex items-center gap-2 text-lg font-bold text-red-300">
        <TriangleAlert className="size-5" aria-hidden /> {t('account.deleteTitle')}
      </h2>
      <p className="text-foam-200">{t('account.deleteWarning')}</p>
      <FormError message={error} />
      <div>
        <label htmlFor="delete-name" className="field-label">
          {t('account.deleteConfirmName', { name: playerName })}
        </label>
        <input
          id="delete-name"
          className="field-input"
          autoComplete="off"
          value={typedName}
          onChange={(e) => setTypedName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="delete-password" className="field-label">
          {t('account.deletePassword')}
        </label>
        <input
          id="delete-password"
          type="password"
          autoComplete="current-password"
          className="field-input"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn-danger w-full sm:w-auto"
        disabled={!named || remove.isPending}
      >
        {t('account.deleteSubmit')}
      </button>
    </form>
  );
}
