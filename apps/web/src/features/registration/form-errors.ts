import { ApiError } from '../../lib/api-client.ts';
import { serverFieldErrors, type Translate } from '../../ui/form/zod-resolver.ts';

/** Which field a conflict code of the server belongs to (409 nif_taken / email_taken). */
const CONFLICT_FIELDS: Readonly<Record<string, string>> = {
  nif_taken: 'nif',
  email_taken: 'email',
};

/**
 * A refused submission as errors under the form's fields: the server's details with a path naming a field, or
 * else a known conflict code placed under its field. Returns null when nothing lands under a field (the caller
 * shows a toast then).
 */
export function fieldErrorsOf(
  error: unknown,
  fields: readonly string[],
  t: Translate,
): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const { fields: found } = serverFieldErrors(error.details, (path) => fields.includes(path), t);
  if (Object.keys(found).length > 0) return found;
  const field = CONFLICT_FIELDS[error.code];
  if (field && fields.includes(field)) return { [field]: error.message };
  return null;
}

/**
 * What the register page offers after a 409 about the e-mail: `pending` when the same e-mail and NIF already
 * wait for confirmation (a new link), `taken` when the e-mail is in use by an account or by another pending
 * registration (sign in, or a new link if it was never confirmed). Null for anything else.
 */
export interface ResendOffer {
  kind: 'pending' | 'taken';
  email: string;
}

export function resendOfferOf(error: unknown, email: string): ResendOffer | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.code === 'registration_pending') return { kind: 'pending', email };
  if (error.code === 'email_taken') return { kind: 'taken', email };
  return null;
}

/** The sign-in address of the portal, coming back to the company dashboard in the given language. */
export function signInHref(language: string, callbackPath = `/${language}/company/dashboard`): string {
  const query = new URLSearchParams({ callbackUrl: callbackPath, lang: language });
  return `/auth/login?${query.toString()}`;
}
