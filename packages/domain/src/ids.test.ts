import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './dates.ts';
import { uniqueId } from './ids.ts';

describe('uniqueId', () => {
  it('is 12 base-36 characters and does not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = uniqueId();
      expect(id).toMatch(/^[0-9a-z]{12}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
  });
});

describe('parseIsoDate', () => {
  it('parses dates and date-times', () => {
    expect(parseIsoDate('2024-12-31').toISOString()).toBe('2024-12-31T00:00:00.000Z');
    expect(parseIsoDate('2024-01-02T10:00:00Z').toISOString()).toBe('2024-01-02T10:00:00.000Z');
  });
  it("throws 'Invalid date string' otherwise", () => {
    for (const bad of ['', '31/12/2024', '2024-02-30', 'tomorrow', '2024-13-01']) {
      expect(() => parseIsoDate(bad)).toThrow('Invalid date string');
    }
  });
});
