import { Alert } from '@mantine/core';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useSheetsQuery } from '../queries.ts';

/**
 * Said before a new sheet is sent for a period that already has one (only the latest per period counts):
 * the new sheet will replace it in the views; the old one stays listed as replaced.
 */
export function ReplaceNotice({
  companyId,
  period,
}: {
  companyId: string;
  period: { startDate: string; endDate: string };
}) {
  const t = useTranslate();
  const sheets = useSheetsQuery(companyId);
  const existing = (sheets.data ?? []).some(
    (sheet) => sheet.startDate === period.startDate && sheet.endDate === period.endDate,
  );
  if (!existing) return null;
  return (
    <Alert color={WARNING_ORANGE} variant="light" role="status" data-testid="bs-replaces">
      {t('balanceSheetsWeb:upload.replaces')}
    </Alert>
  );
}
