import { VisuallyHidden } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
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

/** Gives the region the sizes a browser would lay it out with, scrolled `scrollLeft` px. */
function layOut(
  region: HTMLElement,
  sizes: { clientWidth: number; scrollWidth: number; scrollLeft: number },
) {
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(region, name, { configurable: true, value });
  }
  fireEvent.scroll(region);
}

describe('the sign that a wide table scrolls sideways', () => {
  it('shows a shadow on the side that has more to show, and none when everything fits', () => {
    renderWithApp(
      <ScrollRegion label="Companies">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Companies' });
    expect(screen.queryByTestId('scroll-more-start')).toBeNull();
    expect(screen.queryByTestId('scroll-more-end')).toBeNull();

    // A phone: 390 px of a 720 px table, at its start: more to the end.
    layOut(region, { clientWidth: 390, scrollWidth: 720, scrollLeft: 0 });
    expect(screen.queryByTestId('scroll-more-start')).toBeNull();
    const end = screen.getByTestId('scroll-more-end');
    expect(end.getAttribute('aria-hidden')).toBe('true');

    // Half-way: more on both sides.
    layOut(region, { clientWidth: 390, scrollWidth: 720, scrollLeft: 150 });
    expect(screen.getByTestId('scroll-more-start')).toBeTruthy();
    expect(screen.getByTestId('scroll-more-end')).toBeTruthy();

    // At the end: only what was scrolled past.
    layOut(region, { clientWidth: 390, scrollWidth: 720, scrollLeft: 330 });
    expect(screen.getByTestId('scroll-more-start')).toBeTruthy();
    expect(screen.queryByTestId('scroll-more-end')).toBeNull();

    // A wide screen: the table fits, no shadow.
    layOut(region, { clientWidth: 1200, scrollWidth: 1200, scrollLeft: 0 });
    expect(screen.queryByTestId('scroll-more-start')).toBeNull();
    expect(screen.queryByTestId('scroll-more-end')).toBeNull();
  });

  it('measures again when the window is resized', () => {
    renderWithApp(
      <ScrollRegion label="Companies">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Companies' });
    for (const [name, value] of Object.entries({ clientWidth: 390, scrollWidth: 800, scrollLeft: 0 })) {
      Object.defineProperty(region, name, { configurable: true, value });
    }
    fireEvent(window, new Event('resize'));
    expect(screen.getByTestId('scroll-more-end')).toBeTruthy();
  });
});
