import type { RegisterBody } from '@beerscale/contract/auth';
import { VALIDATION } from '@beerscale/contract/messages';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { t } from '../../../i18n/use-t';
import {
  checkMac,
  checkNewPassword,
  checkPlayerName,
  checkUsername,
  type RuleResult,
} from './credential-rules';

export interface RegistrationForm {
  macAddress: string;
  username: string;
  playerName: string;
  password: string;
  confirmPassword: string;
  /** The checkbox "I am at least 16 years old": required, sent as `ageConfirmed: true`. */
  ageConfirmed: boolean;
}

export type RegistrationField = keyof RegistrationForm;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/** The fields in the order the form shows them: the first error is the first on screen. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'macAddress',
  'username',
  'playerName',
  'password',
  'confirmPassword',
  'ageConfirmed',
];

/** The body's typed fields (ageConfirmed is a checkbox, not a text rule). */
type CheckedField = Exclude<keyof RegisterBody, 'ageConfirmed'>;

export type RegistrationCheck =
  { ok: true; body: RegisterBody } | { ok: false; errors: RegistrationErrors };

/**
 * The registration rules: registerBodySchema's, by the light checks of credential-rules.ts
 * (the same decisions and messages, without zod), plus the password's confirmation, which never
 * leaves the browser, and the age of at least 16, which must be ticked and is sent as
 * `ageConfirmed: true`. Unlike registerFormSchema, which only looks at the confirmations once every other
 * field is valid, every field is judged at once, so the form can mark all of them in one go.
 */
export function validateRegistration(form: RegistrationForm): RegistrationCheck {
  const checks = {
    macAddress: checkMac(form.macAddress),
    username: checkUsername(form.username),
    playerName: checkPlayerName(form.playerName),
    password: checkNewPassword(form.password),
  } satisfies Record<CheckedField, RuleResult>;
  const errors: RegistrationErrors = {};
  for (const [field, check] of Object.entries(checks) as [CheckedField, RuleResult][]) {
    if (!check.ok) errors[field] = formRefusalText(check.message);
  }
  if (form.password !== form.confirmPassword)
    errors.confirmPassword = formRefusalText(VALIDATION.passwordsDoNotMatch);
  if (!form.ageConfirmed) errors.ageConfirmed = t('register.ageRequired');
  const { macAddress, username, playerName, password } = checks;
  const fieldsOk = macAddress.ok && username.ok && playerName.ok && password.ok;
  if (fieldsOk && !errors.confirmPassword && !errors.ageConfirmed) {
    return {
      ok: true,
      body: {
        macAddress: macAddress.value,
        username: username.value,
        playerName: playerName.value,
        password: password.value,
        ageConfirmed: true,
      },
    };
  }
  return { ok: false, errors };
}

export function firstError(errors: RegistrationErrors): RegistrationField | undefined {
  return REGISTRATION_FIELDS.find((field) => errors[field]);
}
