import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { PartnerCompanyView } from './partner-company-view.tsx';

const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';
const VIEW = {
  companyId: COMPANY_ID,
  companyName: 'Hotel Atlântico, Lda',
  nif: '200000031',
  isAssisted: true,
  consent: { status: true, diagnosis: false },
  state: 'sheets',
  application: null,
  diagnosis: null,
};

function serve(view: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(view)),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe("the partner's view of a company's team", () => {
  it("shows the members' names and roles the server answers", async () => {
    serve({
      ...VIEW,
      members: [
        { name: 'Ana Lopes', role: 'owner' },
        { name: 'Rui Tavares', role: 'accountant' },
      ],
    });
    renderWithApp(<PartnerCompanyView companyId={COMPANY_ID} />, { language: 'pt' });
    const members = await screen.findByTestId('partner-members');
    expect(members.textContent).toContain('Membros e papéis');
    expect(members.textContent).toContain('Ana LopesProprietário');
    expect(members.textContent).toContain('Rui TavaresContabilista');
  });

  it('shows no team when the server answers none', async () => {
    serve(VIEW);
    renderWithApp(<PartnerCompanyView companyId={COMPANY_ID} />);
    await screen.findByTestId('partner-company-view');
    expect(screen.queryByTestId('partner-members')).toBeNull();
  });
});
