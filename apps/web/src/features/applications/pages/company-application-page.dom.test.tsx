import type { Application, CompanyRole, Edition, Language } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { BOA_VISTA, draftApplication } from '../../../testing/applications.ts';
import { renderAsCompanyMember } from '../../../testing/companies.tsx';
import { daysFromNow, editionTakingApplications } from '../../../testing/editions.ts';
import { ApplicationCard } from '../components/company-application-card.tsx';
import { CompanyApplicationPage } from './company-application-page.tsx';

const feedback = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../../ui/api-feedback.tsx', () => ({ notifyApiError: feedback.error }));
vi.mock('../../../ui/notify.ts', () => ({ notifySuccess: feedback.success }));

const COMPANY = BOA_VISTA;

/** An edition taking applications now (from yesterday to ten days on). */
const OPEN: Edition = editionTakingApplications();

/** The same edition once its results were published on 10 March 2026, before its application window's end. */
const CLOSED_ON = '2026-03-10T12:00:00.000Z';
const PUBLISHED: Edition = {
  ...OPEN,
  applicationClosesAt: daysFromNow(10),
  resultsPublishedAt: CLOSED_ON,
  applicationsClosedAt: CLOSED_ON,
  version: 2,
};

function application(overrides: Partial<Application>): Application {
  return draftApplication({
    editionId: OPEN.id,
    files: [
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        fileName: '200000021_0_inps.pdf',
        fileType: 0,
        dateInsert: '2026-03-01T10:00:00.000Z',
        size: 2048,
      },
    ],
    ...overrides,
  });
}

const ELIGIBILITY = {
  indicatorYear: 2025,
  eligible: true,
  applicationFinancialIndicators: [],
  sheets: { current: null, previous: null },
  missingYears: [],
};

let edition: Edition;
let applications: Application[];
let posts: number;

beforeEach(() => {
  feedback.error.mockReset();
  feedback.success.mockReset();
  posts = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const path = url.pathname;
      if (path.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (path.endsWith('/editions/current')) return Response.json(edition);
      if (path.endsWith('/public/editions')) return Response.json([]);
      if (path.endsWith('/eligibility')) return Response.json(ELIGIBILITY);
      if (path.endsWith('/messages')) return Response.json([]);
      if (path.endsWith(`/companies/${COMPANY.id}/applications`) && init?.method === 'POST') {
        posts += 1;
        // As the server answered a second POST before: 409 already applied.
        if (posts > 1) {
          return Response.json(
            { error: { code: 'already_applied', key: 'applications:alreadyApplied', message: 'Already' } },
            { status: 409 },
          );
        }
        const opened = application({ files: [] });
        applications = [opened];
        return Response.json(opened, { status: 201 });
      }
      if (path.endsWith(`/companies/${COMPANY.id}/applications`)) return Response.json(applications);
      const one = applications.find((row) => path.endsWith(`/applications/${row.id}`));
      if (one) return Response.json(one);
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

function renderSignedIn(ui: React.ReactNode, role: CompanyRole = 'owner', language: Language = 'en') {
  return renderAsCompanyMember(ui, COMPANY, role, { language, email: 'maria@boavista.cv' });
}

describe('Apply on the company application page', () => {
  it('sends one request on a double click and shows no error', async () => {
    edition = OPEN;
    applications = [];
    renderSignedIn(<CompanyApplicationPage />);
    const apply = await screen.findByTestId('app-apply', {}, { timeout: 5000 });
    fireEvent.click(apply);
    fireEvent.click(apply);
    await screen.findByTestId('app-current', {}, { timeout: 5000 });
    expect(posts).toBe(1);
    expect(feedback.error).not.toHaveBeenCalled();
    expect(feedback.success).toHaveBeenCalledTimes(1);
  });
});

describe('a draft closed when the results were published early', () => {
  const closed = () =>
    application({ status: 'closed', resultsPublished: true, applicationsClosedAt: CLOSED_ON });

  it('says on the application page that it closed on that day, with no upload buttons and no missing documents', async () => {
    edition = PUBLISHED;
    applications = [closed()];
    renderSignedIn(<CompanyApplicationPage />);
    expect((await screen.findByTestId('app-closed', {}, { timeout: 5000 })).textContent).toContain(
      'Applications closed on 10 March 2026, when the results were published. This application was not submitted',
    );
    expect(screen.getByTestId('app-status').textContent).toBe('Closed, not submitted');
    expect(screen.queryByTestId('doc-upload')).toBeNull();
    expect(screen.queryByTestId('doc-replace')).toBeNull();
    expect(screen.queryByTestId('doc-remove')).toBeNull();
    expect(screen.queryByTestId('app-submit-section')).toBeNull();
    expect(screen.queryByText(/documents are missing|documents missing/)).toBeNull();
    expect(screen.queryByTestId('app-apply')).toBeNull();
  });

  it('says so on the dashboard instead of "Draft"', async () => {
    edition = PUBLISHED;
    applications = [closed()];
    renderSignedIn(<ApplicationCard companyId={COMPANY.id} />);
    await waitFor(
      () =>
        expect(screen.getByTestId('dashboard-application-state').textContent).toBe(
          'Not submitted: applications closed on 10 March 2026, when the results were published.',
        ),
      { timeout: 5000 },
    );
  });
});

describe('the application page by role in the company', () => {
  it('an accountant uploads the documents but has no Submit: the note says only an owner submits', async () => {
    edition = OPEN;
    applications = [application({})];
    renderSignedIn(<CompanyApplicationPage />, 'accountant');
    await screen.findByTestId('app-submit-section', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('doc-upload').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('app-submit')).toBeNull();
    expect(screen.getByTestId('role-note').textContent).toBe(
      'Your role: Accountant — you can prepare the application; only an owner can submit or withdraw it.',
    );
  });

  it('a viewer reads the application: no upload, no Submit, no Apply, and why', async () => {
    edition = OPEN;
    applications = [application({})];
    renderSignedIn(<CompanyApplicationPage />, 'viewer');
    await screen.findByTestId('app-submit-section', {}, { timeout: 5000 });
    expect(screen.queryByTestId('doc-upload')).toBeNull();
    expect(screen.queryByTestId('doc-remove')).toBeNull();
    expect(screen.queryByTestId('app-submit')).toBeNull();
    // The page's, the submission's and the message thread's: the viewer reads the thread, writes nothing.
    expect(screen.getAllByTestId('role-note').map((note) => note.textContent)).toEqual([
      'Your role: Viewer — read only.',
      'Your role: Viewer — read only.',
      'Your role: Viewer — read only.',
    ]);
    expect(await screen.findByTestId('messages-empty')).toBeTruthy();
    expect(screen.queryByTestId('message-input')).toBeNull();
  });

  it('a viewer is not offered to apply', async () => {
    edition = OPEN;
    applications = [];
    renderSignedIn(<CompanyApplicationPage />, 'viewer');
    await screen.findByTestId('app-eligibility', {}, { timeout: 5000 });
    expect(screen.queryByTestId('app-apply')).toBeNull();
  });

  it('an owner has Submit and no note', async () => {
    edition = OPEN;
    applications = [application({})];
    renderSignedIn(<CompanyApplicationPage />);
    expect(await screen.findByTestId('app-submit', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('role-note')).toBeNull();
    // The thread with the evaluators, with its text box.
    expect(within(screen.getByTestId('message-thread')).getByTestId('message-input')).toBeTruthy();
  });
});

describe('a refused application names each criterion it failed', () => {
  const indicator = (
    code: string,
    names: [string, string, string],
    value: string,
    target: { comparison: '>' | '>='; value: string },
    passed: boolean,
    recommendation?: [string, string, string],
  ): Application['applicationFinancialIndicators'][number] => ({
    criterionRatioDetails: {
      code,
      ratioDescription: { pt: names[0], en: names[1], fr: names[2] },
      ratio: 'REND - GAST',
      ...(recommendation
        ? { recommendation: { pt: recommendation[0], en: recommendation[1], fr: recommendation[2] } }
        : {}),
    },
    result: Number(value),
    value,
    target,
    passed,
    gap: null,
  });
  const refused = () =>
    application({
      status: 'unqualified',
      complete: true,
      eligible: false,
      submittedAt: '2026-03-01T10:00:00.000Z',
      resultsPublished: true,
      applicationsClosedAt: CLOSED_ON,
      decision: {
        decision: 'unqualified',
        reason: 'The indicators miss their thresholds.',
        decidedBy: null,
        decidedAt: '2026-03-05T10:00:00.000Z',
        confirmedBy: null,
        confirmedAt: '2026-03-06T10:00:00.000Z',
      },
      applicationFinancialIndicators: [
        indicator(
          'RLP',
          ['Resultado Líquido Positivo', 'Positive net result', 'Résultat net positif'],
          '-1234567.891',
          { comparison: '>', value: '0' },
          false,
          [
            'A empresa deve apresentar lucro no exercício.',
            'The company must make a profit for the year.',
            "L'entreprise doit dégager un bénéfice sur l'exercice.",
          ],
        ),
        indicator('EBITDA', ['EBITDA', 'EBITDA', 'EBITDA'], '120000', { comparison: '>', value: '0' }, true, [
          'pt',
          'Not shown: it passed.',
          'fr',
        ]),
        indicator(
          'AF',
          ['Autonomia Financeira', 'Equity ratio', 'Autonomie financière'],
          '0.3749',
          { comparison: '>=', value: '0.375' },
          false,
          [
            'Reforce o capital.',
            'Strengthen capital, retain earnings or reduce liabilities.',
            'Renforcez le capital.',
          ],
        ),
      ],
    });

  it('beside the result: each failed criterion, its value and threshold as the site writes them, and its recommendation', async () => {
    edition = PUBLISHED;
    applications = [refused()];
    renderSignedIn(<CompanyApplicationPage />);
    const list = await screen.findByTestId('app-failed-criteria', {}, { timeout: 5000 });
    expect(list.textContent).toContain('Criteria the company did not meet');
    const rows = screen.getAllByTestId('app-failed-criterion');
    expect(rows.map((row) => row.getAttribute('data-code'))).toEqual(['RLP', 'AF']);
    expect(rows[0]?.textContent).toContain('Positive net result');
    expect(screen.getAllByTestId('app-failed-figures').map((row) => row.textContent)).toEqual([
      "The company's value: -1\u00a0234\u00a0567.89 · threshold: > 0",
      // At most 2 decimals for the value (0.37 still fails ≥ 0.375), the threshold exactly as the criterion states it.
      "The company's value: 0.37 · threshold: ≥ 0.375",
    ]);
    expect(screen.getAllByTestId('app-failed-recommendation').map((row) => row.textContent)).toEqual([
      'Recommendation: The company must make a profit for the year.',
      'Recommendation: Strengthen capital, retain earnings or reduce liabilities.',
    ]);
    expect(screen.queryByText('Recommendation: Not shown: it passed.')).toBeNull();
    expect(screen.getByTestId('app-result').textContent).toContain(
      'Reason: The indicators miss their thresholds.',
    );
  });

  it("in the page's language (fr)", async () => {
    edition = PUBLISHED;
    applications = [refused()];
    renderSignedIn(<CompanyApplicationPage />, 'owner', 'fr');
    const list = await screen.findByTestId('app-failed-criteria', {}, { timeout: 5000 });
    expect(list.textContent).toContain("Critères que l'entreprise n'a pas remplis");
    expect(screen.getAllByTestId('app-failed-criterion')[1]?.textContent).toContain('Autonomie financière');
    expect(screen.getAllByTestId('app-failed-figures').map((row) => row.textContent)).toEqual([
      "Valeur de l'entreprise : -1\u00a0234\u00a0567.89 · seuil : > 0",
      "Valeur de l'entreprise : 0.37 · seuil : ≥ 0.375",
    ]);
    expect(screen.getAllByTestId('app-failed-recommendation')[1]?.textContent).toBe(
      'Recommandation : Renforcez le capital.',
    );
  });

  it('names none for a refusal whose criteria all passed: the reason says why', async () => {
    edition = PUBLISHED;
    const passing = refused();
    applications = [
      {
        ...passing,
        eligible: true,
        applicationFinancialIndicators: passing.applicationFinancialIndicators.map((row) => ({
          ...row,
          passed: true,
        })),
        decision: passing.decision && {
          ...passing.decision,
          reason: 'The Finance declaration is not signed.',
        },
      },
    ];
    renderSignedIn(<CompanyApplicationPage />);
    const result = await screen.findByTestId('app-result', {}, { timeout: 5000 });
    expect(result.textContent).toContain('Reason: The Finance declaration is not signed.');
    expect(screen.queryByTestId('app-failed-criteria')).toBeNull();
  });
});
