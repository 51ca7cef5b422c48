import { createPublicKey, generateKeyPair, type JsonWebKey, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { readJsonFile, writeJsonFileAtomic } from './json-file.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface IdpKeys {
  /** Private signing keys (RS256), in the shape oidc-provider's `jwks` option takes. */
  signing: { keys: JWK[] };
  /** The same keys without their private parts, for verifying our own tokens. */
  verification: { keys: JWK[] };
  /** Keys that sign the provider's cookies (newest first). */
  cookieKeys: string[];
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e } as JWK);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

function publicPart(jwk: JWK): JWK {
  const exported = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }).export({ format: 'jwk' });
  return { ...(exported as JWK), kid: jwk.kid, alg: jwk.alg, use: jwk.use };
}

function isKeyList(value: unknown): value is { keys: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys);
}

/**
 * The provider's signing and cookie keys: read from dataDir (jwks.json, cookie-keys.json) when present,
 * otherwise generated, and written there when a dataDir is given, so tokens and cookies issued before a
 * restart stay valid after it.
 */
export async function loadKeys(dataDir: string | undefined): Promise<IdpKeys> {
  const jwksFile = dataDir ? join(dataDir, 'jwks.json') : undefined;
  const cookieFile = dataDir ? join(dataDir, 'cookie-keys.json') : undefined;

  let signing = jwksFile ? await readJsonFile(jwksFile) : undefined;
  if (!isKeyList(signing) || signing.keys.length === 0) {
    signing = { keys: [await newSigningKey()] };
    if (jwksFile) await writeJsonFileAtomic(jwksFile, signing);
  }
  let cookies = cookieFile ? await readJsonFile(cookieFile) : undefined;
  if (!isKeyList(cookies) || cookies.keys.length === 0) {
    cookies = { keys: [randomBytes(32).toString('base64url')] };
    if (cookieFile) await writeJsonFileAtomic(cookieFile, cookies);
  }

  const signingKeys = (signing as { keys: JWK[] }).keys;
  return {
    signing: { keys: signingKeys },
    verification: { keys: signingKeys.map(publicPart) },
    cookieKeys: (cookies as { keys: string[] }).keys,
  };
}
