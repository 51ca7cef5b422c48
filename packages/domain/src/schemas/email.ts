import { z } from 'zod';
import { FIELD_LENGTHS } from './field-lengths.ts';

/**
 * The portal's one e-mail rule: trimmed, required, at most 254 characters, a valid address, kept in lower case
 * (accounts are found by address whatever case it was typed in).
 */
export const EmailAddress = z
  .string('validation:required')
  .trim()
  .min(1, 'validation:required')
  .max(FIELD_LENGTHS.email, 'validation:tooLong')
  .pipe(z.email('validation:invalidEmail'))
  .transform((email) => email.toLowerCase());

/** Whether `text` passes the e-mail rule, for a form that only enables its button on a valid address. */
export function isEmailAddress(text: string): boolean {
  return EmailAddress.safeParse(text).success;
}
