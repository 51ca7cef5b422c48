import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslate } from '../../../ui/use-translate.ts';
import { EditionPicker, useEditionParam } from '../components/admin-edition-picker.tsx';
import { ResultsView } from '../components/results-view.tsx';
import { usePublishedEditionsQuery } from '../queries.ts';

/** /:lang/partner/application-result: the results of a published edition (newest by default), read-only. */
export function PartnerResultsPage() {
  const t = useTranslate();
  const editions = usePublishedEditionsQuery();
  const [edition, selectEdition] = useEditionParam(editions.data, null);
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
        {t('applicationsAdmin:partner.intro')}
      </Text>
      <EditionPicker editions={editions.data} value={edition.id} currentId={null} onChange={selectEdition} />
      <ResultsView editionId={edition.id} />
    </Stack>
  );
}
