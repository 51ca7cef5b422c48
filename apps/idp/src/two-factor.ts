import { createHash, randomInt, randomUUID } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import type { Account, AccountStore, TotpCredential } from './accounts.ts';

/** Keycloak's default OTP policy, which every authenticator app reads: TOTP, SHA-1, 6 digits, 30 s. */
const TOTP_DIGITS = 6;
const TOTP_PERIOD_SECONDS = 30;
/** Codes of the previous and the next step are accepted too (clocks drift, people type slowly). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string, issuer: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The QR code of an otpauth:// address as an SVG data URL (an <img>, allowed by the pages' img-src data:). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The secret grouped by four, as people copy it into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The time step a 6-digit code is valid for (±1 step around `nowMs`), or undefined. */
export function totpTimeStep(secret: string, code: string, nowMs: number): number | undefined {
  if (code.length !== TOTP_DIGITS || !/^\d+$/.test(code)) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** SHA-256 of a recovery code as typed: case, spaces and dashes do not matter. */
function recoveryCodeHash(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}

/** A new credential for a confirmed secret; `timeStep` is the step of the code that confirmed it. */
export function totpCredential(secret: string, timeStep: number, recoveryCodes: string[]): TotpCredential {
  return {
    id: randomUUID(),
    secret,
    createdTimestamp: Date.now(),
    lastTimeStep: timeStep,
    recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
  };
}

/** The code field as typed: spaces dropped (apps show "123 456"). */
export function typedCode(value: unknown): string {
  return typeof value === 'string' ? value.trim().replace(/\s+/g, '') : '';
}

/**
 * Checks the second factor of a sign-in: a 6-digit code of the account's app (once per time step, so a code
 * seen over a shoulder cannot be replayed) or one of its unused recovery codes (used up here).
 */
export async function checkSecondFactor(
  accounts: AccountStore,
  account: Account,
  code: string,
  nowMs: number,
): Promise<'totp' | 'recovery' | undefined> {
  const totp = account.totp;
  if (!totp || !code || code.length > 64) return undefined;
  const step = totpTimeStep(totp.secret, code, nowMs);
  if (step !== undefined) return (await accounts.acceptTotpStep(account.id, step)) ? 'totp' : undefined;
  return (await accounts.spendRecoveryCode(account.id, recoveryCodeHash(code))) ? 'recovery' : undefined;
}

/** Whether the account must use two-factor sign-in (then it cannot turn it off, and enrols at its next sign-in). */
export function isTotpRequired(account: Account, requireAdminTotp: boolean): boolean {
  return requireAdminTotp && account.roles.includes('admin');
}
