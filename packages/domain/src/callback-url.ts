/**
 * A callbackUrl is accepted only as a same-origin absolute path ('/pt/company/dashboard'),
 * never a scheme, a host, a protocol-relative '//host' or a backslash trick. Anything else is refused.
 */
export function isSafeCallbackPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // Control characters and backslashes can be read as host separators by browsers.
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return false;
  }
  try {
    const parsed = new URL(value, 'http://portal.invalid');
    return parsed.origin === 'http://portal.invalid';
  } catch {
    return false;
  }
}
