import { describe, expect, it } from 'vitest';
import { LoginGuard } from '../src/login-guard.ts';

const MINUTE = 60_000;

function guardAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, guard: new LoginGuard(undefined, () => clock.now) };
}

describe('LoginGuard (sign-in lock-out)', () => {
  it('locks an account on the 5th failure within 15 minutes and lifts the lock 15 minutes later', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 4; i++) {
      guard.recordFailure('ana@example.cv', '10.0.0.1');
      clock.now += MINUTE;
    }
    expect(guard.accountLockedUntil('ana@example.cv')).toBeUndefined();
    guard.recordFailure('ana@example.cv', '10.0.0.1');
    expect(guard.accountLockedUntil('ana@example.cv')).toBe(clock.now + 15 * MINUTE);

    clock.now += 15 * MINUTE - 1;
    expect(guard.accountLockedUntil('ana@example.cv')).toBeDefined();
    clock.now += 1;
    expect(guard.accountLockedUntil('ana@example.cv')).toBeUndefined();
    // Afterwards it takes 5 new failures to lock again.
    guard.recordFailure('ana@example.cv', '10.0.0.1');
    expect(guard.accountLockedUntil('ana@example.cv')).toBeUndefined();
  });

  it('forgets failures older than 15 minutes and after a successful sign-in', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 4; i++) guard.recordFailure('rui@example.cv', '10.0.0.2');
    clock.now += 16 * MINUTE;
    guard.recordFailure('rui@example.cv', '10.0.0.2');
    expect(guard.accountLockedUntil('rui@example.cv')).toBeUndefined();

    for (let i = 0; i < 3; i++) guard.recordFailure('rui@example.cv', '10.0.0.2');
    guard.recordSuccess('rui@example.cv');
    guard.recordFailure('rui@example.cv', '10.0.0.2');
    expect(guard.accountLockedUntil('rui@example.cv')).toBeUndefined();
  });

  it('blocks an address that fails 50 times across accounts, for 15 minutes', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 49; i++) guard.recordFailure(`user${i}@example.cv`, '10.0.0.3');
    expect(guard.addressBlockedUntil('10.0.0.3')).toBeUndefined();
    guard.recordFailure('user49@example.cv', '10.0.0.3');
    expect(guard.addressBlockedUntil('10.0.0.3')).toBe(clock.now + 15 * MINUTE);
    expect(guard.addressBlockedUntil('10.0.0.4')).toBeUndefined();
    clock.now += 15 * MINUTE;
    expect(guard.addressBlockedUntil('10.0.0.3')).toBeUndefined();
  });
});
