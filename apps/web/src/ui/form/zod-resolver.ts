import { isMessageKey } from '../../lib/message-groups.ts';
/** Translates 'namespace:key' with parameters (i18next's t, or the domain's translate bound to a language). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A message from a schema or the server: catalog keys are translated, plain text is shown as it is. */
export function messageText(
  message: string,
  t: Translate,
  params: Record<string, string | number> = {},
): string {
  return isMessageKey(message) ? t(message, params) : message;
}

/** `body/description/pt`, `/description/pt` or `description.pt` → `description.pt` (Mantine form paths). */
export function fieldPath(path: string): string {
  return path
    .replace(/^(body|querystring|params)(\/|\.|$)/, '')
    .replace(/^\//, '')
    .replace(/\//g, '.')
    .replace(/\[(\d+)\]/g, '.$1');
}

/** The parts of a zod issue this module reads (kept structural, so the web needs no zod import). */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly maximum?: unknown;
  readonly minimum?: unknown;
}

/** Any zod schema (or one with the same safeParse). */
export interface ParsingSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

function issueParams(issue: SchemaIssue): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint')
    params.max = Number(issue.maximum);
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint')
    params.min = Number(issue.minimum);
  return params;
}

/**
 * zod issues → one message per field path (the first issue of a path wins). Messages that are not catalog
 * keys (zod's own English texts) become 'validation:required' when the value is missing, else
 * 'errors:validation', so no English leaks into a pt or fr form.
 */
export function zodIssuesToErrors(issues: readonly SchemaIssue[], t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map((part) => String(part)).join('.');
    if (path in errors) continue;
    const message = isMessageKey(issue.message)
      ? t(issue.message, issueParams(issue))
      : t(issue.code === 'invalid_type' ? 'validation:required' : 'errors:validation');
    errors[path] = message;
  }
  return errors;
}

/**
 * A Mantine form `validate` function from a zod schema. `toPayload` turns the form's values into what is
 * sent (empty number inputs to null, ...), so the schema checks exactly the request body.
 */
export function zodResolver<Values>(
  schema: ParsingSchema,
  t: Translate,
  toPayload: (values: Values) => unknown = (values) => values,
): (values: Values) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(toPayload(values));
    return result.success ? {} : zodIssuesToErrors(result.error.issues, t);
  };
}

/**
 * The server's 400/409 details ([{path, message}]) as form errors; details whose path is not a field of the
 * form are returned apart, to be shown in a toast.
 */
export function serverFieldErrors(
  details: ReadonlyArray<{ path: string; message: string }>,
  isField: (path: string) => boolean,
  t: Translate,
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const detail of details) {
    const path = fieldPath(detail.path);
    const message = messageText(detail.message, t);
    if (path && isField(path)) {
      if (!(path in fields)) fields[path] = message;
    } else {
      other.push(message);
    }
  }
  return { fields, other };
}

/** Whether a dotted path names a value of the form (so a server detail can land under that field). */
export function hasFieldPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}
