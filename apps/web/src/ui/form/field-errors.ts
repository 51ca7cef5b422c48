import { ApiError } from '../../lib/api-client.ts';
import { serverFieldErrors, type Translate } from './zod-resolver.ts';

/**
 * Which field a conflict code of the server belongs to (409 nif_taken, a confirmed company's NIF). The e-mail
 * never conflicts: registering answers the same whether or not the address has an account.
 */
const CONFLICT_FIELDS: Readonly<Record<string, string>> = {
  nif_taken: 'nif',
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
