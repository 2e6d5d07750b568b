import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { loginBodySchema } from '@beerscale/contract/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { ApiError } from '../../../lib/api-client';
import { takeTarget } from '../../../lib/redirect';
import { useSession } from '../../../lib/session-context';
import { useLogin } from '../api/login';

export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message;
    return ERRORS.loginStatus(error.status);
  }
  return ERRORS.loginUnexpected;
}

export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const { signIn } = useSession();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERRORS.loginUnexpected);
      return;
    }
    setError(null);
    login.mutate(parsed.data, {
      onSuccess: (reply) => {
        signIn(reply.token, reply.user);
        navigate(takeTarget(), { replace: true });
      },
      onError: (err) => setError(loginErrorMessage(err)),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && (
        <div role="alert" className="banner-error">
          {error}
        </div>
      )}
      <div>
        <label htmlFor="login-username" className="field-label">
          Username/Email
        </label>
        <input
          id="login-username"
          className="field-input"
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
      </div>
      <div>
        <label htmlFor="login-password" className="field-label">
          Password
        </label>
        <input
          id="login-password"
          type="password"
          className="field-input"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </button>
    </form>
  );
}
