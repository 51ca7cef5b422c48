import { describe, expect, it } from 'vitest';
import { LoginGuard } from '../src/login-guard.ts';

const SECOND = 1000;
const MINUTE = 60_000;

function guardAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, guard: new LoginGuard(undefined, () => clock.now) };
}

/** The wait (ms) an attempt of the pair faces right now, 0 when none. */
function waitOf(guard: LoginGuard, clock: { now: number }, email: string, address: string): number {
  const until = guard.waitUntil(email, address);
  return until === undefined ? 0 : until - clock.now;
}

/** Fails once as soon as the pair may try again, and returns the wait that failure started. */
function failAfterWait(guard: LoginGuard, clock: { now: number }, email: string, address: string): number {
  clock.now += waitOf(guard, clock, email, address);
  guard.recordFailure(email, address);
  return waitOf(guard, clock, email, address);
}

describe('LoginGuard (growing waits per account and address)', () => {
  it('lets 3 failures pass, then waits 1 s, 2 s, 4 s … and never more than 60 s', () => {
    const { clock, guard } = guardAt();
    const waits = Array.from({ length: 12 }, () => failAfterWait(guard, clock, 'ana@example.cv', '10.0.0.1'));
    expect(waits).toEqual([
      0,
      0,
      0,
      1 * SECOND,
      2 * SECOND,
      4 * SECOND,
      8 * SECOND,
      16 * SECOND,
      32 * SECOND,
      60 * SECOND,
      60 * SECOND,
      60 * SECOND,
    ]);
    expect(guard.secondsUntil(guard.waitUntil('ana@example.cv', '10.0.0.1') ?? 0)).toBe(60);
  });

  it('holds only the pair: the same account from another address, and others from this one, go on', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 6; i++) failAfterWait(guard, clock, 'ana@example.cv', '10.0.0.1');
    expect(waitOf(guard, clock, 'ana@example.cv', '10.0.0.1')).toBeGreaterThan(0);
    expect(guard.waitUntil('ana@example.cv', '10.0.0.2')).toBeUndefined();
    expect(guard.waitUntil('rui@example.cv', '10.0.0.1')).toBeUndefined();
  });

  it('forgets the failures after 15 quiet minutes, and a success forgets them at once', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 5; i++) failAfterWait(guard, clock, 'rui@example.cv', '10.0.0.2');
    clock.now += 15 * MINUTE;
    expect(guard.waitUntil('rui@example.cv', '10.0.0.2')).toBeUndefined();
    expect(failAfterWait(guard, clock, 'rui@example.cv', '10.0.0.2')).toBe(0);

    for (let i = 0; i < 4; i++) failAfterWait(guard, clock, 'rui@example.cv', '10.0.0.2');
    clock.now += waitOf(guard, clock, 'rui@example.cv', '10.0.0.2');
    guard.recordSuccess('rui@example.cv', '10.0.0.2');
    expect(failAfterWait(guard, clock, 'rui@example.cv', '10.0.0.2')).toBe(0);
  });

  it('clears every wait of an account, from every address (a password reset)', () => {
    const { clock, guard } = guardAt();
    for (const address of ['10.0.0.5', '10.0.0.6']) {
      for (let i = 0; i < 8; i++) failAfterWait(guard, clock, 'eva@example.cv', address);
    }
    for (let i = 0; i < 8; i++) failAfterWait(guard, clock, 'other@example.cv', '10.0.0.5');
    guard.clearAccount('eva@example.cv');
    expect(guard.waitUntil('eva@example.cv', '10.0.0.5')).toBeUndefined();
    expect(guard.waitUntil('eva@example.cv', '10.0.0.6')).toBeUndefined();
    expect(guard.waitUntil('other@example.cv', '10.0.0.5')).toBeDefined();
  });

  it('makes an address wait only after 100 failures across accounts, for at most 10 s, never known pairs', () => {
    const { clock, guard } = guardAt();
    guard.recordSuccess('known@example.cv', '10.0.0.3');
    for (let i = 0; i < 100; i++) guard.recordFailure(`user${i}@example.cv`, '10.0.0.3');
    expect(guard.waitUntil('fresh@example.cv', '10.0.0.3')).toBeUndefined();
    const waits = Array.from({ length: 8 }, (_, i) =>
      failAfterWait(guard, clock, `spray${i}@example.cv`, '10.0.0.3'),
    );
    expect(waits.map((wait) => wait / SECOND)).toEqual([1, 2, 4, 8, 10, 10, 10, 10]);
    // Another account behind the same address waits those few seconds at most; one that signed in from
    // there before is not held at all; other addresses are not concerned.
    expect(waitOf(guard, clock, 'fresh@example.cv', '10.0.0.3')).toBeLessThanOrEqual(10 * SECOND);
    expect(guard.waitUntil('known@example.cv', '10.0.0.3')).toBeUndefined();
    expect(guard.waitUntil('fresh@example.cv', '10.0.0.4')).toBeUndefined();
  });
});
