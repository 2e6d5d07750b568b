import { registerBodySchema, type RegisterBody } from '@beerscale/contract/auth';
import { VALIDATION } from '@beerscale/contract/messages';
import { formRefusalText } from '../../../lib/form-refusal-text';

export interface RegistrationForm {
  macAddress: string;
  username: string;
  playerName: string;
  password: string;
  confirmPassword: string;
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
];

export type RegistrationCheck =
  { ok: true; body: RegisterBody } | { ok: false; errors: RegistrationErrors };

/**
 * SPEC §5 registration rules, from the contract's own schema (the one the server applies), plus
 * the confirmation, which never leaves the browser. Unlike registerFormSchema, which only looks
 * at the confirmation once every other field is valid, every field is judged at once, so the
 * form can mark all of them in one go.
 */
export function validateRegistration(form: RegistrationForm): RegistrationCheck {
  const errors: RegistrationErrors = {};
  const { confirmPassword, ...body } = form;
  const parsed = registerBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && isField(field) && !errors[field]) {
        errors[field] = formRefusalText(issue.message);
      }
    }
  }
  if (form.password !== confirmPassword)
    errors.confirmPassword = formRefusalText(VALIDATION.passwordsDoNotMatch);
  if (parsed.success && !errors.confirmPassword) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

export function firstError(errors: RegistrationErrors): RegistrationField | undefined {
  return REGISTRATION_FIELDS.find((field) => errors[field]);
}

function isField(name: string): name is RegistrationField {
  return (REGISTRATION_FIELDS as readonly string[]).includes(name);
}
