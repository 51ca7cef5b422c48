import type { Appeal, ApplicationAppealState, CompanyRole, Language } from '@excelencia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { BOA_VISTA, draftApplication } from '../../../testing/applications.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { HistorySection } from '../components/admin-application-history.tsx';
import { AdminAppealPanel } from './admin-appeal-panel.tsx';
import { CompanyAppeal } from './company-appeal.tsx';
import { PendingAppeals } from './pending-appeals.tsx';

const feedback = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../../ui/api-feedback.tsx', () => ({ notifyApiError: feedback.error }));
vi.mock('../../../ui/notify.ts', () => ({ notifySuccess: feedback.success }));

const COMPANY = BOA_VISTA;
const APPEAL_ID = '00000000-0000-4000-8000-0000000000f1';
const REASON = 'A autonomia financeira de 2024 é 0,41 e não 0,31.';

const APPLICATION = draftApplication({
  status: 'unqualified',
  complete: true,
  submittedAt: '2026-04-01T12:00:00.000Z',
  decision: {
    decision: 'unqualified',
    reason: 'Abaixo do limiar.',
    decidedBy: 'Ana Admin',
    decidedAt: '2026-05-01T12:00:00.000Z',
    confirmedBy: 'Bruno Admin',
    confirmedAt: '2026-05-02T12:00:00.000Z',
  },
  resultsPublished: true,
  applicationsClosedAt: '2026-04-30T12:00:00.000Z',
  version: 5,
});
const APPLICATION_ID = APPLICATION.id;
const EDITION_ID = APPLICATION.editionId;

function appeal(overrides: Partial<Appeal> = {}): Appeal {
  return {
    id: APPEAL_ID,
    applicationId: APPLICATION_ID,
    editionId: EDITION_ID,
    companyId: COMPANY.id,
    companyName: COMPANY.companyName,
    nif: COMPANY.nif,
    reason: REASON,
    status: 'pending',
    proposedOutcome: null,
    decisionReason: null,
    decidedBy: null,
    decidedAt: null,
    confirmedBy: null,
    confirmedAt: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    files: [],
    version: 1,
    ...overrides,
  };
}

let state: ApplicationAppealState;
let posted: { path: string; body: unknown }[];
let list: Appeal[];

beforeEach(() => {
  feedback.error.mockReset();
  feedback.success.mockReset();
  posted = [];
  list = [];
  state = {
    applicationId: APPLICATION_ID,
    appealable: true,
    lastDay: '2026-12-03',
    open: true,
    appeal: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const path = url.pathname;
      if (path.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push({ path, body });
        if (path.endsWith('/appeal')) {
          const made = appeal({ reason: body.reason });
          state = { ...state, open: false, appeal: made };
          return Response.json(made, { status: 201 });
        }
        if (path.endsWith('/decision')) {
          const proposed = appeal({
            proposedOutcome: body.outcome,
            decisionReason: body.reason,
            decidedBy: 'Maria',
            decidedAt: '2026-11-26T10:00:00.000Z',
            version: 2,
          });
          state = { ...state, appeal: proposed };
          return Response.json(proposed);
        }
        if (path.endsWith('/confirmation')) {
          const confirmed = appeal({ ...state.appeal, status: 'upheld', confirmedBy: 'Maria', version: 3 });
          state = { ...state, appeal: confirmed };
          return Response.json(confirmed);
        }
      }
      if (path.endsWith('/appeal')) return Response.json(state);
      if (path.endsWith('/appeals')) return Response.json(list);
      if (path.endsWith('/history')) {
        const step = (action: string, at: string) => ({
          at,
          actor: 'Ana Admin',
          action,
          fromStatus: 'unqualified',
          toStatus: 'unqualified',
          reason: null,
          fileType: null,
        });
        return Response.json([
          step('appeal', '2026-11-25T10:00:00.000Z'),
          step('appealDecision', '2026-11-26T10:00:00.000Z'),
          step('appealConfirm', '2026-11-27T10:00:00.000Z'),
        ]);
      }
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function signedIn(ui: ReactNode, options: { role?: CompanyRole; admin?: string; language?: Language } = {}) {
  const language = options.language ?? 'en';
  return renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: options.admin ?? 'Maria', email: 'maria@boavista.cv' },
          roles: [options.admin ? 'admin' : 'company'],
          expires: '2030-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: options.admin ? null : { ...COMPANY, role: options.role ?? 'owner' },
      }}
    >
      {ui}
    </SignedInContext.Provider>,
    { language },
  );
}

describe("the company's appeal of a refusal", () => {
  it("names the period's last day, and its owner appeals with a reason of at least 10 characters", async () => {
    signedIn(<CompanyAppeal application={APPLICATION} />);
    expect((await screen.findByTestId('app-appeal-until')).textContent).toBe(
      'You can appeal this decision until 3 December 2026, inclusive.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Appeal the decision' }));
    const reason = screen.getByRole('textbox', { name: /Why should the decision be reviewed/ });
    // The keyboard goes on in the reason.
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: 'Porque' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Explain the appeal in at least 10 characters.')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(reason, { target: { value: `  ${REASON}  ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    await waitFor(() =>
      expect(feedback.success).toHaveBeenCalledWith(
        'The appeal was sent. You will be told of the decision by e-mail.',
      ),
    );
    expect(posted).toEqual([
      {
        path: `/app/api/v1/companies/${COMPANY.id}/applications/${APPLICATION_ID}/appeal`,
        body: { reason: REASON },
      },
    ]);
    expect((await screen.findByTestId('app-appeal-line')).textContent).toBe(
      'Appeal sent on 25 November 2026: under review.',
    );
    expect(screen.getByTestId('app-appeal-reason').textContent).toBe(REASON);
  });

  it('is offered in Portuguese as "Recorrer da decisão", with the last day as the site writes dates', async () => {
    signedIn(<CompanyAppeal application={APPLICATION} />, { language: 'pt' });
    expect(await screen.findByRole('button', { name: 'Recorrer da decisão' })).toBeTruthy();
    expect(screen.getByTestId('app-appeal-until').textContent).toBe(
      'Pode recorrer desta decisão até 3 - dezembro - 2026, inclusive.',
    );
  });

  it('cancelled, gives the keyboard back to the button that opened it; in French the ? stays with its question', async () => {
    signedIn(<CompanyAppeal application={APPLICATION} />, { language: 'fr' });
    fireEvent.click(await screen.findByRole('button', { name: 'Faire recours de la décision' }));
    // A no-break space before the question mark: the label never ends in a line holding '?' alone.
    expect(
      screen.getByRole('textbox', { name: /^Pourquoi la décision doit-elle être revue\u00a0\?/ }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    const again = await screen.findByRole('button', { name: 'Faire recours de la décision' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('a viewer reads that only an owner may appeal', async () => {
    signedIn(<CompanyAppeal application={APPLICATION} />, { role: 'viewer' });
    expect((await screen.findByTestId('app-appeal-owner-only')).textContent).toBe(
      'Only an owner of the company can appeal.',
    );
    expect(screen.queryByRole('button', { name: 'Appeal the decision' })).toBeNull();
  });

  it('after the period, says when it ended (in French)', async () => {
    state = { ...state, open: false };
    signedIn(<CompanyAppeal application={APPLICATION} />, { language: 'fr' });
    expect((await screen.findByTestId('app-appeal-closed')).textContent).toBe(
      'Le délai de recours a pris fin le 3 décembre 2026.',
    );
  });

  it('shows an upheld outcome with its grounds', async () => {
    state = {
      ...state,
      open: false,
      appeal: appeal({
        status: 'upheld',
        decisionReason: 'A autonomia é 0,41.',
        confirmedAt: '2026-11-28T10:00:00.000Z',
      }),
    };
    signedIn(<CompanyAppeal application={APPLICATION} />);
    expect((await screen.findByTestId('app-appeal-line')).textContent).toBe(
      'The appeal was upheld on 28 November 2026: the company is distinguished.',
    );
    expect(screen.getByTestId('app-appeal-grounds').textContent).toBe('Grounds: A autonomia é 0,41.');
  });
});

describe("the admins' appeal panel", () => {
  it('proposes an outcome with its grounds; the proposer cannot confirm it', async () => {
    state = { ...state, open: false, appeal: appeal() };
    signedIn(<AdminAppealPanel application={APPLICATION} />, { admin: 'Maria' });
    expect((await screen.findByTestId('appeal-reason')).textContent).toBe(REASON);
    fireEvent.click(screen.getByRole('radio', { name: 'Uphold (grant the status)' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Grounds/ }), {
      target: { value: 'Erro de leitura.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Propose decision' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: `/app/api/v1/appeals/${APPEAL_ID}/decision`,
          body: { outcome: 'upheld', reason: 'Erro de leitura.', version: 1 },
        },
      ]),
    );
    expect(await screen.findByTestId('appeal-own')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm decision' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // The form and its button are gone: the keyboard goes on at the proposal, not at the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('appeal-proposal-line')));
  });

  it("a second admin confirms the other's proposal", async () => {
    state = {
      ...state,
      open: false,
      appeal: appeal({
        proposedOutcome: 'dismissed',
        decisionReason: 'Mantém-se.',
        decidedBy: 'Ana Admin',
        decidedAt: '2026-11-26T10:00:00.000Z',
        version: 2,
      }),
    };
    signedIn(<AdminAppealPanel application={APPLICATION} />, { admin: 'Bruno Admin' });
    expect((await screen.findByTestId('appeal-proposal-line')).textContent).toContain(
      'Proposed by Ana Admin on 26 November 2026',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { path: `/app/api/v1/appeals/${APPEAL_ID}/confirmation`, body: { version: 2, approve: true } },
      ]),
    );
    // Confirm is gone with the confirmation: the keyboard goes on at the decision.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('appeal-decided')));
  });
});

describe('the pending appeals of the results page', () => {
  it('count and name them, each linking to its application', async () => {
    list = [
      appeal(),
      appeal({
        id: '00000000-0000-4000-8000-0000000000f2',
        companyName: 'Outra, Lda',
        proposedOutcome: 'upheld',
      }),
    ];
    signedIn(<PendingAppeals editionId={EDITION_ID} />, { admin: 'Ana Admin' });
    expect((await screen.findByTestId('pending-appeals-title')).textContent).toBe('Pending appeals: 2');
    const rows = screen.getAllByTestId('pending-appeal');
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual(['Boa Vista, Lda', 'Outra, Lda']);
    expect(rows[1]?.textContent).toContain('waiting for confirmation');
    expect(rows[0]?.querySelector('a')?.getAttribute('href')).toBe(
      `/en/admin/application?edition=${EDITION_ID}&application=${APPLICATION_ID}`,
    );
  });
});

describe("the application's history", () => {
  it("names the appeal's steps in the admin's language", async () => {
    signedIn(<HistorySection id={APPLICATION_ID} />, { admin: 'Ana Admin', language: 'pt' });
    await screen.findByText('Decisão do recurso confirmada');
    expect(screen.getByText('Recurso da decisão enviado pela empresa')).toBeTruthy();
    expect(screen.getByText('Decisão do recurso proposta')).toBeTruthy();
  });
});
