import type { ApplicationFile } from '@excelencia/domain';
import { Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLanguage } from '../../../lib/language-context.ts';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { dateText } from './company-application-format.ts';

/**
 * What a stored document's validity says, in words: its issue date and last valid day, and, when it runs out
 * before the edition's evaluation ends, a warning naming that day (docs/adr/0030-document-validity.md).
 */
export function DocumentValidityNote({
  file,
  flagOnly = false,
}: {
  file: ApplicationFile;
  /** Only the warning (a table shows the dates in their own columns). */
  flagOnly?: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  if (!file.issuedAt) return null;
  const parts = [t('documentValidity:flag.issuedOn', { date: dateText(file.issuedAt, language) })];
  if (file.validUntil)
    parts.push(t('documentValidity:flag.validUntil', { date: dateText(file.validUntil, language) }));
  return (
    <>
      {flagOnly ? null : (
        <Text size="xs" c="gray.7" data-testid="doc-validity">
          {parts.join(' · ')}
        </Text>
      )}
      {file.expiresBeforeEvaluationEnds && file.validUntil ? (
        <Text size="xs" fw={600} c={WARNING_ORANGE} data-testid="doc-expires-early">
          <IconAlertTriangle
            size={14}
            aria-hidden="true"
            style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }}
          />
          {t('documentValidity:flag.expiresBeforeEvaluation', { date: dateText(file.validUntil, language) })}
        </Text>
      ) : null}
    </>
  );
}
