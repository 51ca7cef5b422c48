import { describe, expect, it } from 'vitest';
import { createQueueRunner, errorText, retryDelayMs } from './queue-runner.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('queue runner', () => {
  it('retries after 30 s, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it('keeps at most 2 000 characters of an error', () => {
    expect(errorText(new Error('x'.repeat(2_500)))).toBe(`${'x'.repeat(2_000)}…`);
    expect(errorText('refused')).toBe('refused');
  });

  it('tidies first, then handles due rows until none is left, counting successes and failures', async () => {
    const rows = [1, 2, 3, 4];
    const seen: string[] = [];
    const runner = createQueueRunner<number>({
      name: 'test',
      logger: silent,
      pollIntervalMs: 60_000,
      prepare: async () => void seen.push('prepare'),
      claimOne: async () => rows.shift(),
      handle: async (row) => {
        seen.push(`row ${row}`);
        return row % 2 === 1;
      },
    });
    expect(await runner.runOnce()).toEqual({ done: 2, failed: 2 });
    expect(seen).toEqual(['prepare', 'row 1', 'row 2', 'row 3', 'row 4']);
  });

  it('takes at most 50 rows in one pass, leaving the rest to the next', async () => {
    let left = 60;
    const runner = createQueueRunner<number>({
      name: 'test',
      logger: silent,
      pollIntervalMs: 60_000,
      prepare: async () => undefined,
      claimOne: async () => (left > 0 ? left-- : undefined),
      handle: async () => true,
    });
    expect(await runner.runOnce()).toEqual({ done: 50, failed: 0 });
    expect(await runner.runOnce()).toEqual({ done: 10, failed: 0 });
  });
});
