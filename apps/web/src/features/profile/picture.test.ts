import { PROFILE_PICTURE_MAX_BYTES } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { changePasswordHref, pictureProblem } from './picture.ts';

describe('pictureProblem', () => {
  it('accepts JPEG, PNG and WebP within the size limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(pictureProblem({ type, size: 1000 })).toBeNull();
    }
    expect(pictureProblem({ type: 'image/png', size: PROFILE_PICTURE_MAX_BYTES })).toBeNull();
  });
  it('refuses other types and pictures over the limit', () => {
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(pictureProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(pictureProblem({ type: 'image/jpeg', size: PROFILE_PICTURE_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('changePasswordHref', () => {
  it('sends the user to the provider and back to the page', () => {
    expect(changePasswordHref('/fr/users/profile')).toBe(
      '/auth/change-password?callbackUrl=%2Ffr%2Fusers%2Fprofile',
    );
  });
});
