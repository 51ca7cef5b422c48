import { describe, expect, it } from 'vitest';
import { websiteHref } from './website.ts';

describe('websiteHref', () => {
  it('links a bare host over https and keeps http(s) addresses', () => {
    expect(websiteHref('www.empresa.cv')).toBe('https://www.empresa.cv/');
    expect(websiteHref('http://empresa.cv/sobre')).toBe('http://empresa.cv/sobre');
  });
  it('refuses other schemes and empty values', () => {
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('  ')).toBeNull();
    expect(websiteHref(null)).toBeNull();
  });
});
