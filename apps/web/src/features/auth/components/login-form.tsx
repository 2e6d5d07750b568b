import { useState, type FormEvent } from 'react';
import { useVisit } from '../../../lib/router';
import { useSession } from '../../../lib/session-context';
import { useLogin } from '../api/login';
import { loginErrorMessage } from '../utils/error-messages';
import { validateLogin } from '../utils/validate-login';
import { FormField } from './form-field';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useT } from '../../../i18n/use-t';

/**
 * The sign-in form. On success it only starts the session; the public-route guard then sends the
 * user to the remembered page or /home.
 */
export function LoginForm() {
  const registered = (useVisit().state as { username?: unknown } | null)?.username;
  const [username, setUsername] = useState(typeof registered === 'string' ? registered : '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const { signIn } = useSession();
  const { t } = useT();

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = validateLogin({ username, password });
    if (!check.ok) {
      setError(formRefusalText(check.message));
      return;
    }
    setError(null);
    login.mutate(check.body, {
      onSuccess: (reply) => signIn(reply.token, reply.user),
      onError: (failure) => setError(loginErrorMessage(failure)),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {error && (
        <div role="alert" className="banner-error">
          {error}
        </div>
      )}
      <FormField
        id="login-username"
        label={t('login.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        required
      />
      <FormField
        id="login-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        // Back from registration with the name filled in: the password is what is missing. The
        // reader asked for this page by registering, so the focus lands where they continue.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on that way in, never on a plain visit
        autoFocus={typeof registered === 'string'}
        required
      />
      <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
        {login.isPending ? t('login.signingIn') : t('login.signIn')}
      </button>
    </form>
  );
}
