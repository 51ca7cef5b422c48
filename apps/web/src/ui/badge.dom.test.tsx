import { Badge } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render.tsx';

describe('badges in the app theme', () => {
  it('keep their whole word in a narrow column (no "PUBLICA…" or "Y." at 390 px)', () => {
    renderWithApp(
      <div style={{ width: 40 }}>
        <Badge data-testid="badge">Publicado</Badge>
      </div>,
    );
    expect(screen.getByTestId('badge').style.minWidth).toBe('max-content');
  });
});
