import { CheckCircle2 } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerFormSchema } from '@beerscale/contract/auth';
import { PLAYER_NAME_MAX, REDIRECT_AFTER_REGISTER_MS } from '@beerscale/contract/limits';
import { cleanMac, macFromQuery } from '@beerscale/contract/mac';
import { ERRORS } from '@beerscale/contract/messages';
import { ApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';

/** SPEC §8 registration fallbacks, in the order the failure can happen. */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.fromServer) return error.errors[0] ?? error.message ?? ERRORS.registrationFailed;
    if (error.status === 0) return ERRORS.networkError;
    return error.message ? ERRORS.registrationStatus(error.message) : ERRORS.registrationFailed;
  }
  if (error instanceof TypeError) return ERRORS.networkError;
  if (error instanceof SyntaxError) return ERRORS.invalidServerData;
  return ERRORS.registrationUnexpected;
}

export function RegisterForm() {
  const [params] = useSearchParams();
  const linkedMac = useMemo(() => macFromQuery(params), [params]);
  const [form, setForm] = useState({
    macAddress: linkedMac ?? '',
    username: '',
    playerName: '',
    password: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<string | null>(null);
  const register = useRegister();
  const navigate = useNavigate();

  useEffect(() => {
    if (!register.isSuccess) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_AFTER_REGISTER_MS);
    return () => clearTimeout(timer);
  }, [register.isSuccess, navigate]);

  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerFormSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERRORS.registrationFailed);
      return;
    }
    setError(null);
    const { confirmPassword: _confirm, ...body } = parsed.data;
    register.mutate(body, { onError: (err) => setError(registrationErrorMessage(err)) });
  }

  if (register.isSuccess) {
    return (
      <div role="status" className="space-y-4 text-center">
        <CheckCircle2 className="mx-auto size-14 text-hop-400" aria-hidden />
        <p className="text-lg font-semibold">Registration successful!</p>
        <p className="text-foam-200">Your account is ready. Taking you to sign in…</p>
        <Link to="/login" className="btn-primary w-full">
          Sign in now
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && (
        <div role="alert" className="banner-error">
          {error}
        </div>
      )}
      <Field id="reg-mac" label="Scale MAC Address">
        <input
          id="reg-mac"
          className="field-input font-mono tracking-wider"
          value={form.macAddress}
          readOnly={linkedMac !== null}
          onChange={(e) => set('macAddress')(cleanMac(e.target.value))}
          placeholder="AABBCCDDEEFF"
          autoCapitalize="characters"
          aria-describedby={linkedMac ? 'reg-mac-note' : undefined}
          required
        />
        {linkedMac && (
          <p id="reg-mac-note" className="mt-1.5 text-xs text-foam-400">
            MAC address provided via device link
          </p>
        )}
      </Field>
      <Field id="reg-username" label="Username or Email Address">
        <input
          id="reg-username"
          className="field-input"
          autoComplete="username"
          autoCapitalize="none"
          value={form.username}
          onChange={(e) => set('username')(e.target.value)}
          required
        />
      </Field>
      <Field id="reg-player" label={`Player Name (max ${PLAYER_NAME_MAX})`}>
        <input
          id="reg-player"
          className="field-input"
          maxLength={PLAYER_NAME_MAX}
          value={form.playerName}
          onChange={(e) => set('playerName')(e.target.value)}
          required
        />
      </Field>
      <Field id="reg-password" label="Password">
        <input
          id="reg-password"
          type="password"
          className="field-input"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password')(e.target.value)}
          required
        />
      </Field>
      <Field id="reg-confirm" label="Confirm Password">
        <input
          id="reg-confirm"
          type="password"
          className="field-input"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
          required
        />
      </Field>
      <button type="submit" className="btn-primary w-full" disabled={register.isPending}>
        {register.isPending ? 'Registering...' : 'Register Account'}
      </button>
      <p className="text-center text-sm text-foam-200">
        Already have an account?{' '}
        <Link
          to="/login"
          className="font-semibold text-amber-400 underline-offset-2 hover:underline"
        >
          Sign in here
        </Link>
      </p>
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
    </div>
  );
}
