import { VisuallyHidden } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render.tsx';
import { ScrollRegion } from './scroll-region.tsx';

describe('a scroll region around a wide table', () => {
  it('is a named, focusable region that scrolls sideways', () => {
    renderWithApp(
      <ScrollRegion label="Forms">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Forms' });
    expect(region.tabIndex).toBe(0);
    expect(region.style.overflowX).toBe('auto');
  });

  it('holds a visually hidden column name (position: absolute) inside it, so the page does not scroll sideways', () => {
    renderWithApp(
      <ScrollRegion label="Forms">
        <table>
          <thead>
            <tr>
              <th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
        </table>
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Forms' });
    // The region is the containing block of absolutely positioned descendants: it clips and scrolls them.
    expect(region.style.position).toBe('relative');
    expect(region.contains(screen.getByText('Actions'))).toBe(true);
  });
});
