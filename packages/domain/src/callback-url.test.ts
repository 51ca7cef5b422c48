import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeCallbackPath } from './callback-url.ts';

describe('callbackUrl check', () => {
  it('accepts same-origin paths', () => {
    for (const path of ['/', '/pt/company/dashboard', '/en/admin/company?page=2#top']) {
      expect(isSafeCallbackPath(path)).toBe(true);
    }
  });
  it('refuses every way off-site', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'evil.example',
      '',
      42,
      null,
    ]) {
      expect(isSafeCallbackPath(url), String(url)).toBe(false);
    }
  });
  it('never accepts a string that resolves to another origin', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (isSafeCallbackPath(value)) {
          expect(new URL(value, 'https://portal.cv').origin).toBe('https://portal.cv');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
