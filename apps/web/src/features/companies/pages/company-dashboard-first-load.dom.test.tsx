import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { SheetsSummaryCard } from '../../balance-sheets/components/sheets-summary-card.tsx';
import { LatestDiagnosisCard } from '../../diagnosis/components/latest-diagnosis-card.tsx';
import { useSelectedCompany } from '../queries.ts';

/** The dashboard on a phone's first load: its cards keep their height while they load, the one company is chosen. */
const COMPANY = {
  id: '11111111-1111-4111-8111-111111111111',
  companyName: 'Ana, Lda',
  nif: '200000001',
  role: 'owner',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the company dashboard cards while their lists load', () => {
  beforeEach(() => {
    // The lists never arrive: what the cards show meanwhile is what is tested.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
  });

  it('keep the height of what they will show, so the cards below do not move when it arrives', async () => {
    renderWithApp(
      <>
        <SheetsSummaryCard companyId={COMPANY.id} />
        <LatestDiagnosisCard companyId={COMPANY.id} />
      </>,
    );
    const sheets = await screen.findByTestId('dashboard-sheets-loading');
    expect(sheets.getAttribute('style')).toContain('height: calc(2 * var(--mantine-line-height-md)');
    const diagnosis = screen.getByTestId('dashboard-diagnosis-loading');
    expect(diagnosis.getAttribute('style')).toContain('height: calc(5.25rem');
  });
});

function SelectedName() {
  const { selected } = useSelectedCompany(true);
  return <p data-testid="selected">{selected?.companyName ?? 'none'}</p>;
}

describe("a company user's one company", () => {
  it('is the selected one even where the browser keeps nothing (storage refused)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([COMPANY])),
    );
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    renderWithApp(<SelectedName />);
    expect(await screen.findByText('Ana, Lda')).toBeDefined();
  });
});
