import type { Edition, PublishReadiness } from '@excelencia/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { editionTakingApplications } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ModalHost } from '../../../ui/modal-host.tsx';
import { ResultsPanel } from './admin-results.tsx';

/** An edition still taking applications, every decision made and confirmed. */
const EDITION: Edition = editionTakingApplications();

const READINESS: PublishReadiness = {
  ready: true,
  undecided: 0,
  unconfirmed: 0,
  published: false,
  toClose: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      companyName: 'Outra, Lda',
      nif: '200000022',
      files: 1,
      complete: false,
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      companyName: 'Terceira, SA',
      nif: '200000023',
      files: 8,
      complete: true,
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path.endsWith('/editions/current')) return Response.json(EDITION);
      if (path.endsWith('/results/readiness')) return Response.json(READINESS);
      if (path.endsWith('/editions')) return Response.json([EDITION]);
      return Response.json([]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

describe('publishing the results', () => {
  it('names the drafts it will close, before and in the confirmation', async () => {
    renderWithApp(
      <>
        <ResultsPanel />
        <ModalHost />
      </>,
    );
    const before = await screen.findByTestId('readiness-drafts', {}, { timeout: 5000 });
    expect(before.textContent).toContain(
      'Publishing closes 2 applications not submitted (drafts, complete or not); each company is told by e-mail:',
    );
    expect(
      within(before)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Outra, Lda (NIF 200000022): 1 of 8 documents',
      'Terceira, SA (NIF 200000023): 8 of 8 documents',
    ]);
    fireEvent.click(screen.getByTestId('results-publish'));
    const dialog = await screen.findByTestId('publish-confirm-drafts');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Outra, Lda (NIF 200000022): 1 of 8 documents',
      'Terceira, SA (NIF 200000023): 8 of 8 documents',
    ]);
  });
});
