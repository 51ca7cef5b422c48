import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { partnerResultsXlsxPath } from '../../partners/api.ts';
import { useAssistedNifsQuery } from '../../partners/queries.ts';
import { EditionPicker, useEditionParam } from '../components/admin-edition-picker.tsx';
import { ResultsView } from '../components/results-view.tsx';
import { usePublishedEditionsQuery } from '../queries.ts';

/**
 * /:lang/partner/application-result: the results of a published edition (newest by default), read-only, with the
 * partner's assisted companies marked and a report that marks them too.
 */
export function PartnerResultsPage() {
  const t = useTranslate();
  const language = useLanguage();
  const editions = usePublishedEditionsQuery();
  const assisted = useAssistedNifsQuery();
  const [edition, selectEdition] = useEditionParam(editions.data, null);
  const marked = useMemo(
    () => ({
      nifs: new Set(assisted.data ?? []),
      label: t('partners:results.assistedBadge'),
      summary: (count: number) => t('partners:results.assistedCount', { count }),
    }),
    [assisted.data, t],
  );
  if (editions.isError && !editions.data) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void editions.refetch()}>
          {t('applicationsAdmin:retry')}
        </Button>
      </Alert>
    );
  }
  if (!editions.data) return <Skeleton height={36} maw={300} data-testid="partner-results-loading" />;
  if (!edition) {
    return (
      <Alert color="brand" variant="light" data-testid="partner-results-none">
        {t('applicationsAdmin:partner.none')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('partners:results.intro')}
      </Text>
      <EditionPicker editions={editions.data} value={edition.id} currentId={null} onChange={selectEdition} />
      <ResultsView
        editionId={edition.id}
        marked={marked}
        downloads={
          <DownloadButton
            href={partnerResultsXlsxPath(edition.id, language)}
            fallbackName={`results-${edition.year}-${edition.number}-assisted.xlsx`}
            label={t('partners:results.reportXlsx')}
            icon={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            testId="partner-results-xlsx"
            progressText={({ percent, received }) =>
              percent === null
                ? t('applicationsAdmin:view.downloading', { received })
                : t('applicationsAdmin:view.downloadingPercent', { percent })
            }
          />
        }
      />
    </Stack>
  );
}
