import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { loginBodySchema } from '@beerscale/contract/auth';
import { useSession } from '../../../lib/session-context';
import { useLogin } from '../api/login';
import { loginErrorMessage } from '../utils/error-messages';
import { FormField } from './form-field';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useT } from '../../../i18n/use-t';

/**
 * SPEC §2 login. On success it only starts the session; the public-route guard then sends the
 * user to the remembered page or /home.
 */
export function LoginForm() {
  const location = useLocation();
  const registered = (location.state as { username?: unknown } | null)?.username;
  const [username, setUsername] = useState(typeof registered === 'string' ? registered : '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const { signIn } = useSession();
  const { t } = useT();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? formRefusalText(issue) : null);
      return;
    }
    setError(null);
    login.mutate(parsed.data, {
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
