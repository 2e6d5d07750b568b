import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PLAYER_NAME_MAX } from '@beerscale/contract/limits';
import { cleanMac, isValidMac, macFromQuery } from '@beerscale/contract/mac-address';
import { useRegister } from '../api/register';
import { registrationErrorMessage } from '../utils/error-messages';
import {
  firstError,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationForm,
} from '../utils/validate-registration';
import { FormField } from './form-field';
import { RegisterSuccess } from './register-success';
import { t } from '../../../i18n/use-t';

/** The registration form, with the scale address possibly fixed by a device link. */
export function RegisterForm() {
  const [params] = useSearchParams();
  const [linkedMac] = useState(() => macFromQuery(params));
  // A device link fixes the address only when it carries a valid one; a broken link leaves
  // the field editable (prefilled) so the user is not stuck with an address that cannot pass.
  const macLocked = linkedMac !== null && isValidMac(linkedMac);
  const [form, setForm] = useState<RegistrationForm>({
    macAddress: linkedMac ?? '',
    username: '',
    playerName: '',
    password: '',
    confirmPassword: '',
    ageConfirmed: false,
  });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({});
  const register = useRegister();

  const change = (field: RegistrationField, value: string | boolean) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A field being corrected loses its old message; the others keep theirs until submit.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const bind = (field: Exclude<RegistrationField, 'ageConfirmed'>) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    error: errors[field],
    announce: field === firstError(errors),
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const check = validateRegistration(form);
    if (!check.ok) {
      setErrors(check.errors);
      const first = firstError(check.errors);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    register.mutate(check.body, {
      onError: (failure) => setServerError(registrationErrorMessage(failure)),
    });
  }

  if (register.isSuccess) {
    return (
      <RegisterSuccess message={register.data.message} username={register.variables.username} />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {serverError && (
        <div role="alert" className="banner-error">
          {serverError}
        </div>
      )}
      <FormField
        id="reg-mac"
        label={t('register.mac')}
        className="font-mono tracking-widest uppercase"
        placeholder={t('register.macPlaceholder')}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        readOnly={macLocked}
        note={macLocked ? t('register.macLinked') : undefined}
        required
        {...bind('macAddress')}
        onChange={(event) => change('macAddress', cleanMac(event.target.value))}
      />
      <FormField
        id="reg-username"
        label={t('register.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...bind('username')}
      />
      <FormField
        id="reg-player"
        label={t('register.playerName', { max: PLAYER_NAME_MAX })}
        maxLength={PLAYER_NAME_MAX}
        autoComplete="nickname"
        required
        {...bind('playerName')}
      />
      <FormField
        id="reg-password"
        label={t('register.password')}
        type="password"
        autoComplete="new-password"
        required
        {...bind('password')}
      />
      <FormField
        id="reg-confirm"
        label={t('register.confirm')}
        type="password"
        autoComplete="new-password"
        required
        {...bind('confirmPassword')}
      />
      <div>
        <label className="flex items-start gap-3 text-foam-100">
          <input
            id="reg-age"
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-amber-400"
            checked={form.ageConfirmed}
            onChange={(event) => change('ageConfirmed', event.target.checked)}
            required
            aria-invalid={errors.ageConfirmed ? true : undefined}
            aria-describedby={errors.ageConfirmed ? 'reg-age-error' : undefined}
            ref={(element) => {
              inputs.current.ageConfirmed = element;
            }}
          />
          <span>{t('register.ageConfirm')}</span>
        </label>
        {errors.ageConfirmed && (
          <p
            id="reg-age-error"
            role={firstError(errors) === 'ageConfirmed' ? 'alert' : undefined}
            className="mt-1.5 text-sm font-medium text-red-300"
          >
            {errors.ageConfirmed}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={register.isPending}>
        {register.isPending ? t('register.registering') : t('register.submit')}
      </button>
      <p className="text-center text-foam-200">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="link">
          {t('register.signInHere')}
        </Link>
      </p>
    </form>
  );
}
