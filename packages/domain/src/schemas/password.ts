import { z } from 'zod';
import { FIELD_LENGTHS } from './field-lengths.ts';
import { MIN_PASSWORD_LENGTH } from './users.ts';

/**
 * A password a person chooses for their own account (registration, invitation, password reset in the identity
 * provider): required, at least MIN_PASSWORD_LENGTH characters, at most the field length.
 */
export const NewPassword = z
  .string('validation:required')
  .min(1, 'validation:required')
  .min(MIN_PASSWORD_LENGTH, 'validation:passwordTooShort')
  .max(FIELD_LENGTHS.password, 'validation:tooLong');

export const PasswordConfirmation = z.string('validation:required').min(1, 'validation:required');

/**
 * 'Passwords must match' on confirmPassword, as `.refine(passwordsAreEqual, PASSWORDS_MATCH)` on the form's object.
 * Checked whenever both values are text, even while other fields are still invalid (an object refinement runs only
 * on an otherwise valid object unless `when` says so), so a form shows the mismatch as the user types instead of
 * once every other field is filled.
 */
export function passwordsAreEqual(form: { password: string; confirmPassword: string }): boolean {
  return form.password === form.confirmPassword;
}

export const PASSWORDS_MATCH = {
  message: 'validation:passwordsMustMatch',
  path: ['confirmPassword'],
  when: (payload: { value: unknown }): boolean => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null | undefined;
    return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
  },
};

/** A new password typed twice (the invitation page's form; the identity provider's reset page). */
export const PasswordChoice = z
  .object({ password: NewPassword, confirmPassword: PasswordConfirmation })
  .refine(passwordsAreEqual, PASSWORDS_MATCH);
export type PasswordChoice = z.infer<typeof PasswordChoice>;
