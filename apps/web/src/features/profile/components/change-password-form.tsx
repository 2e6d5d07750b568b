import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormError } from '../../../components/form-error';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { VALIDATION } from '@beerscale/contract/messages';
import { useChangePassword } from '../api/account';
import { newPasswordRefusal } from './password-fields';

const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/** "Change password": the current one proves it is the player; other devices are signed out. */
export function ChangePasswordForm() {
  const { t } = useT();
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const bind = (name: keyof typeof EMPTY) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: e.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.currentPassword) return setError(formRefusalText(VALIDATION.passwordRequired));
    const refusal = newPasswordRefusal(fields.newPassword, fields.confirmation);
    if (refusal) return setError(refusal);
    setError(null);
    change.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(EMPTY);
          toast.success(t('account.passwordChanged'));
        },
        onError: (err) => setError(errorMessage(err, t('account.passwordFailed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="card space-y-3" aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-bold">
        {t('account.passwordTitle')}
      </h2>
      <FormError message={error} />
      <div>
        <label htmlFor="current-password" className="field-label">
          {t('account.currentPassword')}
        </label>
        <input
          id="current-password"
          type="password"
          autoComplete="current-password"
          className="field-input"
          {...bind('currentPassword')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="new-password" className="field-label">
            {t('account.newPassword')}
          </label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            className="field-input"
            {...bind('newPassword')}
          />
        </div>
        <div>
          <label htmlFor="confirm-new-password" className="field-label">
            {t('account.confirmPassword')}
          </label>
          <input
            id="confirm-new-password"
            type="password"
            autoComplete="new-password"
            className="field-input"
            {...bind('confirmation')}
          />
        </div>
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={change.isPending}>
        {t('account.changePassword')}
      </button>
    </form>
  );
}
