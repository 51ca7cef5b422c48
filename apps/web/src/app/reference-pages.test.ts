import { describe, expect, it } from 'vitest';
import { REFERENCE_SCREEN_PATHS } from '../features/reference/pages/reference-page.tsx';
import { signedInPages } from './navigation.ts';

describe('parametrization screens', () => {
  it('has a screen for every reference menu item and nothing else', () => {
    const referencePaths = signedInPages()
      .filter((page) => page.page === 'reference')
      .map((page) => page.path)
      .sort();
    expect(referencePaths).toEqual([...REFERENCE_SCREEN_PATHS].sort());
    expect(referencePaths).toHaveLength(17);
  });
});
