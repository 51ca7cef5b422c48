import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The provider's end-session address (it carries the id_token as id_token_hint) sealed for the browser's trip
 * through GET /auth/logout/end: AES-256-GCM under a key derived from the session secret, with an expiry. The
 * page only ever holds an opaque value; the server opens it and redirects to the provider itself, so no token
 * reaches the page's JavaScript (docs/adr/0002). Stateless: any instance with the same secret opens it.
 */

const HINT_TTL_MS = 5 * 60 * 1000;

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`excelencia logout hint\0${secret}`).digest();
}

export function sealLogoutHint(secret: string, url: string, now = Date.now()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify({ url, exp: now + HINT_TTL_MS }), 'utf8'),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed address, or null when the value was not sealed with this secret, was altered or has expired. */
export function openLogoutHint(secret: string, sealed: string, now = Date.now()): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const parsed = JSON.parse(text) as { url?: unknown; exp?: unknown };
    if (typeof parsed.url !== 'string' || typeof parsed.exp !== 'number' || parsed.exp < now) return null;
    return parsed.url;
  } catch {
    return null;
  }
}
