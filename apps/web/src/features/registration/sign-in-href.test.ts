import { describe, expect, it } from 'vitest';
import { signInHref } from './sign-in-href.ts';

describe('signInHref', () => {
  it('comes back to the company dashboard in the language', () => {
    expect(signInHref('fr')).toBe('/auth/login?callbackUrl=%2Ffr%2Fcompany%2Fdashboard&lang=fr');
  });
});
