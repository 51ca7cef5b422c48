import {
  type Diagnosis,
  type WhatIfResponse,
  whatIfLevers,
  whatIfModelOfDiagnosis,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { DiagnosisService } from './diagnosis.service.ts';

/**
 * The what-if simulator of a saved diagnosis: for each criterion it fails, the levers that would make it pass
 * (packages/domain/src/diagnosis/what-if.ts). Computed from the diagnosis's snapshot alone, as the browser's
 * slider recomputes it, so the two never disagree; reading it is reading the diagnosis (any member of the
 * company, admins; another company's diagnosis is a 404).
 */
export function createWhatIfService(deps: { diagnosis: Pick<DiagnosisService, 'get'> }) {
  return {
    async levers(caller: AuthContext, companyId: string, id: string): Promise<WhatIfResponse> {
      const diagnosis: Diagnosis = await deps.diagnosis.get(caller, companyId, id);
      const indicators = new Map(
        diagnosis.currentAutoFinancialIndicators.map((indicator) => [indicator.criterion.code, indicator]),
      );
      return whatIfLevers(whatIfModelOfDiagnosis(diagnosis)).flatMap((row) => {
        const indicator = indicators.get(row.code);
        if (!indicator) return [];
        return [
          {
            criterion: {
              id: indicator.criterion.id,
              code: row.code,
              description: indicator.criterion.description,
            },
            passed: row.passed,
            value: row.value?.toString() ?? null,
            target: indicator.target,
            levers: row.levers.map((lever) => ({
              figure: lever.figure,
              change: lever.change.toString(),
              resultingValue: lever.resultingValue.toString(),
            })),
          },
        ];
      });
    },
  };
}

export type WhatIfService = ReturnType<typeof createWhatIfService>;
