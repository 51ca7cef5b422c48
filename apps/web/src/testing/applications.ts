import type { Application } from '@excelencia/domain';
import { DEMO_EDITION } from './editions.ts';

/** The company of the application tests: Boa Vista, Lda (NIF 200000021). */
export const BOA_VISTA = {
  id: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Boa Vista, Lda',
  nif: '200000021',
};

/**
 * Boa Vista's application to the demo edition as the API gives it: a draft, eligible, not complete, no documents,
 * nothing decided, with `overrides` on top.
 */
export function draftApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    editionId: DEMO_EDITION.id,
    companyId: BOA_VISTA.id,
    companyName: BOA_VISTA.companyName,
    nif: BOA_VISTA.nif,
    status: 'draft',
    complete: false,
    eligible: true,
    indicatorYear: 2025,
    applicationFinancialIndicators: [],
    missingYears: [],
    files: [],
    reopenedFileType: null,
    returnReason: null,
    submittedAt: null,
    decision: null,
    resultsPublished: false,
    applicationsClosedAt: null,
    seal: null,
    version: 1,
    ...overrides,
  };
}
