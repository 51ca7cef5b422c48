import { describe, expect, it } from 'vitest';
import { shortLivedCache } from './short-lived-cache.ts';

function counted(values: string[]) {
  let loads = 0;
  return {
    load: async () => values[loads++] ?? 'none',
    get loads() {
      return loads;
    },
  };
}

describe('short-lived cache', () => {
  it('reuses an answer until it expires, then loads it again', async () => {
    let clock = 1000;
    const cache = shortLivedCache<string>({ ttlMs: 5000, maxEntries: 10, now: () => clock });
    const source = counted(['first', 'second']);
    expect(await cache.get('k', source.load)).toBe('first');
    clock += 4999;
    expect(await cache.get('k', source.load)).toBe('first');
    clock += 1;
    expect(await cache.get('k', source.load)).toBe('second');
    expect(source.loads).toBe(2);
  });

  it('shares one load among concurrent requests for a key, and keeps keys apart', async () => {
    const cache = shortLivedCache<string>({ ttlMs: 5000, maxEntries: 10, now: () => 0 });
    const source = counted(['a', 'b']);
    const answers = await Promise.all([
      cache.get('x', source.load),
      cache.get('x', source.load),
      cache.get('y', source.load),
    ]);
    expect(answers).toEqual(['a', 'a', 'b']);
    expect(source.loads).toBe(2);
  });

  it('forgets everything on clear, and does not keep a failed load', async () => {
    const cache = shortLivedCache<string>({ ttlMs: 5000, maxEntries: 10, now: () => 0 });
    const source = counted(['before', 'after']);
    await cache.get('k', source.load);
    cache.clear();
    expect(await cache.get('k', source.load)).toBe('after');
    await expect(cache.get('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = shortLivedCache<string>({ ttlMs: 5000, maxEntries: 2, now: () => 0 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is used again: b is now the oldest
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('loads every time when the time to live is 0', async () => {
    const cache = shortLivedCache<string>({ ttlMs: 0, maxEntries: 10, now: () => 0 });
    const source = counted(['one', 'two']);
    await cache.get('k', source.load);
    expect(await cache.get('k', source.load)).toBe('two');
  });
});
