import { describe, expect, it } from 'vitest';
import { isSealHeld } from './schemas.ts';

describe('isSealHeld', () => {
  const validUntil = '2027-11-28T20:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('holds an active seal and a suspended one until their end, not a withdrawn one nor after the end', () => {
    expect(isSealHeld({ state: 'active', validUntil }, at('2027-01-01T00:00:00Z'))).toBe(true);
    expect(isSealHeld({ state: 'suspended', validUntil }, at('2027-01-01T00:00:00Z'))).toBe(true);
    expect(isSealHeld({ state: 'withdrawn', validUntil }, at('2027-01-01T00:00:00Z'))).toBe(false);
    // The last instant of validity still holds; one millisecond after, the status has expired.
    expect(isSealHeld({ state: 'active', validUntil }, at(validUntil))).toBe(true);
    expect(isSealHeld({ state: 'active', validUntil }, at('2027-11-28T20:00:00.001Z'))).toBe(false);
  });
});
