import { ESG_SAMPLE_DEFINITION, type EsgAnswers } from '@excelencia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EsgAnswerForm } from './esg-answer-form.tsx';

const COMPANY = '00000000-0000-4000-8000-000000000001';
const FORM = '00000000-0000-4000-8000-000000000002';

/** What the server answers to a saved draft. */
function draftResponse(answers: EsgAnswers) {
  return {
    id: '00000000-0000-4000-8000-000000000003',
    formId: FORM,
    formTitle: { pt: 'ESG', en: 'ESG', fr: 'ESG' },
    period: 2026,
    definitionVersion: 1,
    companyId: COMPANY,
    companyName: 'Demo, Lda',
    status: 'draft',
    scores: null,
    submittedAt: null,
    updatedAt: new Date().toISOString(),
    answers,
    definition: ESG_SAMPLE_DEFINITION,
    sector: null,
  };
}

let saved: EsgAnswers[];
let submits: number;

beforeEach(() => {
  // Mantine's autosizing text area listens to font loading, which the test DOM lacks.
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
  saved = [];
  submits = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (url.endsWith('/answers') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { answers: EsgAnswers };
        saved.push(body.answers);
        return Response.json(draftResponse(body.answers));
      }
      if (url.endsWith('/submit')) submits += 1;
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EsgAnswerForm', () => {
  it('saves the draft by itself a moment after an answer changes, and counts the section as answered', async () => {
    renderWithApp(
      <EsgAnswerForm companyId={COMPANY} formId={FORM} definition={ESG_SAMPLE_DEFINITION} initial={{}} />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Some' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sorts' }));
    expect(screen.getByTestId('esg-progress-environment').textContent).toBe('2 of 2 answered');
    await waitFor(() => expect(saved).toEqual([{ energy: 'some', waste: ['sort'] }]), { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId('esg-save-state').dataset.state).toBe('saved'));
    expect(screen.getByTestId('esg-save-state').textContent).toBe('Draft saved');
  });

  it("marks each required question left open with 'Mandatory Field' and does not submit", async () => {
    renderWithApp(
      <EsgAnswerForm
        companyId={COMPANY}
        formId={FORM}
        definition={ESG_SAMPLE_DEFINITION}
        initial={{ energy: 'all', community: 'Apoio à escola' }}
      />,
    );
    expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('esg-submit'));
    // training (matrix) and ethics are required and open; waste is optional.
    expect(await screen.findAllByText('Mandatory Field')).toHaveLength(2);
    expect(submits).toBe(0);
  });
});
