import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { newPasswordSchema } from '@beerscale/contract/auth';
import { VALIDATION } from '@beerscale/contract/messages';
import { FormError } from '../../../components/form-error';
import { formatDateTime } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { usePasswordResetInfo, useResetPassword } from '../api/password-reset';

/** /reset/{token}: a new password once, with the link an administrator handed over. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useT();
  const info = usePasswordResetInfo(token);
  const reset = useResetPassword(token);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (info.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')}>
        <div className="h-32 animate-pulse rounded-xl bg-malt-800/60" />
      </div>
    );
  }
  if (info.isError) {
    return (
      <div className="space-y-4">
        <p role="alert" className="banner-error">
          {errorMessage(info.error, t('reset.failed'))}
        </p>
        <Link to="/login" className="btn-secondary w-full">
          {t('reset.signIn')}
        </Link>
      </div>
    );
  }
  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-xl bg-hop-400/15 px-3 py-2 text-hop-400">
          {t('reset.done')}
        </p>
        <Link to="/login" state={{ username: info.data.username }} className="btn-primary w-full">
          {t('reset.signIn')}
        </Link>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) return setError(formRefusalText(parsed.error.issues[0]?.message ?? ''));
    if (password !== confirmation) return setError(formRefusalText(VALIDATION.passwordsDoNotMatch));
    setError(null);
    reset.mutate(password, {
      onError: (err) => setError(errorMessage(err, t('reset.failed'))),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-foam-200">
        {t('reset.forAccount', {
          username: info.data.username,
          time: formatDateTime(info.data.expiresAt),
        })}
      </p>
      <FormError message={error} />
      <div>
        <label htmlFor="reset-password" className="field-label">
          {t('reset.newPassword')}
        </label>
        <input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          className="field-input"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="reset-confirm" className="field-label">
          {t('reset.confirm')}
        </label>
        <input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          className="field-input"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={reset.isPending}>
        {t('reset.submit')}
      </button>
    </form>
  );
}
