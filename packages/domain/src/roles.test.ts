import { describe, expect, it } from 'vitest';
import { dashboardPathFor, isPartnerOnly, primaryRole } from './roles.ts';

describe('roles', () => {
  it('sends each role to its dashboard, admin first', () => {
    expect(dashboardPathFor(['uma_authorization', 'admin', 'company'])).toBe('/admin/dashboard');
    expect(dashboardPathFor(['company', 'partner'])).toBe('/company/dashboard');
    expect(dashboardPathFor(['partner'])).toBe('/partner/dashboard');
    expect(dashboardPathFor(['uma_authorization'])).toBe('/');
  });
  it('knows a partner who is neither admin nor company', () => {
    expect(isPartnerOnly(['partner', 'uma_authorization'])).toBe(true);
    expect(isPartnerOnly(['partner', 'company'])).toBe(false);
    expect(isPartnerOnly(['admin', 'partner'])).toBe(false);
  });
  it('labels the user group', () => {
    expect(primaryRole(['company'])).toBe('company');
    expect(primaryRole(['uma_authorization'])).toBeNull();
  });
});
