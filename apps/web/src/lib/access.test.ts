import { describe, expect, it } from 'vitest';
import { areaOfPath, publicRedirect, showsProfileButton, signedInRedirect, withLanguage } from './access.ts';

const ADMIN = ['admin', 'uma_authorization'];
const COMPANY = ['company', 'uma_authorization'];
const PARTNER = ['partner', 'uma_authorization'];

describe('signed-in guards', () => {
  it('lets each role into its own area and the profile page', () => {
    expect(signedInRedirect(ADMIN, 'admin')).toBeNull();
    expect(signedInRedirect(COMPANY, 'company')).toBeNull();
    expect(signedInRedirect(PARTNER, 'partner')).toBeNull();
    expect(signedInRedirect(COMPANY, 'users')).toBeNull();
    expect(signedInRedirect(PARTNER, 'users')).toBeNull();
  });

  it('sends a user on another role’s pages to their own dashboard', () => {
    expect(signedInRedirect(COMPANY, 'admin')).toBe('/company/dashboard');
    expect(signedInRedirect(ADMIN, 'company')).toBe('/admin/dashboard');
    expect(signedInRedirect(ADMIN, 'users')).toBe('/admin/dashboard');
  });

  it('sends a partner-only user on company or admin pages to the partner dashboard', () => {
    expect(signedInRedirect(PARTNER, 'admin')).toBe('/partner/dashboard');
    expect(signedInRedirect(PARTNER, 'company')).toBe('/partner/dashboard');
  });

  it('treats a user without uma_authorization as not allowed: home', () => {
    expect(signedInRedirect(['admin'], 'admin')).toBe('/');
    expect(signedInRedirect(['company'], 'company')).toBe('/');
  });
});

describe('public pages', () => {
  it('redirect an admin and a partner-only user to their dashboards, nobody else', () => {
    expect(publicRedirect(ADMIN)).toBe('/admin/dashboard');
    expect(publicRedirect([...ADMIN, 'partner'])).toBe('/admin/dashboard');
    expect(publicRedirect(PARTNER)).toBe('/partner/dashboard');
    expect(publicRedirect([...COMPANY, 'partner'])).toBeNull();
    expect(publicRedirect(COMPANY)).toBeNull();
    expect(publicRedirect(['admin'])).toBeNull();
  });
});

describe('Profile button', () => {
  it('shows for a company user with a selected company or a partner-only user', () => {
    expect(showsProfileButton(COMPANY, true)).toBe(true);
    expect(showsProfileButton(COMPANY, false)).toBe(false);
    expect(showsProfileButton(PARTNER, false)).toBe(true);
    expect(showsProfileButton(ADMIN, false)).toBe(false);
  });
});

describe('paths', () => {
  it('swaps the language prefix and keeps the rest of the path', () => {
    expect(withLanguage('/pt/admin/self-diagnosis/headings', 'fr')).toBe('/fr/admin/self-diagnosis/headings');
    expect(withLanguage('/en/', 'pt')).toBe('/pt/');
    expect(withLanguage('/en', 'pt')).toBe('/pt/');
  });

  it('knows the signed-in areas', () => {
    expect(areaOfPath('/admin/islands')).toBe('admin');
    expect(areaOfPath('/users/profile')).toBe('users');
    expect(areaOfPath('/public/sobre')).toBeNull();
    expect(areaOfPath('/')).toBeNull();
  });
});
