import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

/** As Drizzle wraps a driver's error: its failed-query error, the driver's error as cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const refused = () => withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');

describe('isDatabaseUnavailable', () => {
  it('is true for a cut or refused connection', () => {
    expect(
      isDatabaseUnavailable(
        wrapped(withCode('terminating connection due to administrator command', '57P01')),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(refused()))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
  });

  it('is false for a refused statement and for another service out of reach', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('duplicate key', '23505')))).toBe(false);
    // The same socket error from an HTTP call (the identity provider, the bucket) is not the database's.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused() }))).toBe(false);
    expect(isDatabaseUnavailable(refused())).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
