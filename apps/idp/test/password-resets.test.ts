import { describe, expect, it } from 'vitest';
import { PasswordResets, RESET_LINK_MINUTES } from '../src/password-resets.ts';

describe('PasswordResets', () => {
  it('keeps a link for an hour, then refuses it', async () => {
    let now = Date.parse('2026-11-25T09:00:00Z');
    const resets = await PasswordResets.open(undefined, () => now);
    const token = await resets.issue('account-1', null);
    now += (RESET_LINK_MINUTES * 60 - 1) * 1000;
    expect(resets.find(token)?.accountId).toBe('account-1');
    now += 1000;
    expect(resets.find(token)).toBeUndefined();
    expect(await resets.consume(token)).toBeUndefined();
  });

  it('works once; a newer link of the account replaces the older one', async () => {
    const resets = await PasswordResets.open(undefined);
    const first = await resets.issue('account-1', 'uid-1');
    const second = await resets.issue('account-1', null);
    const other = await resets.issue('account-2', null);
    expect(resets.find(first)).toBeUndefined();
    expect(await resets.consume(second)).toEqual({ accountId: 'account-1', interactionUid: null });
    expect(await resets.consume(second)).toBeUndefined();
    expect(resets.find(other)?.accountId).toBe('account-2');
    expect(resets.find('not-a-token')).toBeUndefined();
  });
});
