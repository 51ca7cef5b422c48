import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionPanel } from './company-edition.tsx';

const EDITION = {
  id: '00000000-0000-4000-8000-0000000000e1',
  number: 2,
  year: 2026,
  indicatorYear: 2025,
  registrationOpensAt: '2026-10-26T16:00:00.000Z',
  registrationClosesAt: '2026-12-25T16:00:00.000Z',
  applicationOpensAt: '2026-11-18T16:00:00.000Z',
  applicationClosesAt: '2027-01-09T16:00:00.000Z',
  evaluationStartsAt: '2027-01-10T16:00:00.000Z',
  evaluationEndsAt: '2027-02-08T16:00:00.000Z',
  resultsAt: '2027-02-23T16:00:00.000Z',
  resultsPublishedAt: null,
  applicationsClosedAt: null,
  regulationFileName: null,
  version: 1,
};

describe("the current edition's windows", () => {
  it('keep each date whole (nowrap), so a narrow column breaks between the two dates, never inside one', () => {
    renderWithApp(
      <EditionPanel
        edition={EDITION}
        now={new Date('2026-11-25T12:00:00.000Z')}
        canApply={false}
        applying={false}
        onApply={() => undefined}
      />,
      { language: 'pt' },
    );
    const window = screen.getByText('Inscrições').parentElement as HTMLElement;
    expect(window.textContent).toBe('Inscrições26 - outubro - 2026 a 25 - dezembro - 2026');
    const whole = [...window.querySelectorAll('span')].filter((span) => span.style.whiteSpace === 'nowrap');
    expect(whole.map((span) => span.textContent)).toEqual(['26 - outubro - 2026', '25 - dezembro - 2026']);
  });
});
