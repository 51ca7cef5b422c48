import { BAROMETER_DIMENSIONS, BarometerQuery, DISCLOSURE_TEXT_PARAMS } from '@excelencia/domain';
import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import type { BarometerSelection } from '../api.ts';
import { CriterionTable, EditionsTables, ThresholdsTable } from '../components/barometer-tables.tsx';
import { barometerQuery, useBarometerQuery } from '../queries.ts';

/**
 * The year and grouping an address asks for (?year=&by=), read as the server reads them (BarometerQuery); what
 * it would refuse falls back to the defaults.
 */
export function barometerSelection(params: URLSearchParams): BarometerSelection {
  const year = BarometerQuery.shape.year.safeParse(params.get('year') ?? undefined);
  const by = BarometerQuery.shape.by.safeParse(params.get('by') ?? undefined);
  return { year: year.success ? (year.data ?? null) : null, by: by.success ? by.data : 'overall' };
}

/**
 * /:lang/public/barometro: each criterion's quartiles across the portal's companies for a year, overall or by
 * island, CAE section or employee range, with a drawing beside each table; the share meeting each application
 * threshold; the editions' figures. Rendered on the server: the choice of year and grouping is a GET form, the
 * drawings are SVG and the downloads are links, so the whole page works without JavaScript.
 */
function Barometer() {
  const t = useTranslate();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const selection = barometerSelection(params);
  const barometer = useBarometerQuery(selection);
  const data = barometer.data;
  const form = useRef<HTMLFormElement>(null);
  // In the app the form follows each choice; on the page the server rendered, its button reloads the page.
  const choose = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.current) return;
    const chosen = new FormData(form.current);
    setParams({ year: String(chosen.get('year') ?? ''), by: String(chosen.get('by') ?? 'overall') });
  };
  const years = data?.years ?? [];
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('barometerWeb:title')}</PageTitle>
        <Stack gap="xs" maw={820}>
          <Text>{t('barometerWeb:intro')}</Text>
          <Text size="sm" c="gray.7">
            {t('barometerWeb:rules', DISCLOSURE_TEXT_PARAMS)}
          </Text>
        </Stack>
      </div>
      {barometer.isPending ? <Text c="gray.7">{t('applicationsWeb:loading')}</Text> : null}
      {barometer.isError ? <LoadFailed onRetry={() => void barometer.refetch()} /> : null}
      {data ? (
        <form method="get" ref={form} onSubmit={choose} aria-label={t('barometerWeb:choose.legend')}>
          <Group align="flex-end" gap="xs" data-testid="barometer-choose">
            {years.length > 0 ? (
              <NativeSelect
                name="year"
                label={t('barometerWeb:choose.year')}
                data={years.map((year) => ({ value: String(year), label: String(year) }))}
                value={String(selection.year ?? data.year ?? years[0])}
                onChange={() => choose()}
                w={110}
                data-testid="barometer-year"
              />
            ) : null}
            <NativeSelect
              name="by"
              label={t('barometerWeb:choose.by')}
              data={BAROMETER_DIMENSIONS.map((by) => ({ value: by, label: t(`barometer:dimensions.${by}`) }))}
              value={selection.by}
              onChange={() => choose()}
              w={220}
              data-testid="barometer-by"
            />
            <Button type="submit" variant="default" data-testid="barometer-show">
              {t('barometerWeb:choose.show')}
            </Button>
          </Group>
        </form>
      ) : null}
      {data && data.year === null ? (
        <Text data-testid="barometer-empty">{t('barometerWeb:noData')}</Text>
      ) : null}
      {data && data.year !== null ? (
        <>
          <Stack
            gap="xl"
            component="section"
            aria-labelledby="barometer-criteria"
            aria-busy={barometer.isPlaceholderData || undefined}
          >
            <Title order={2} size="h3" id="barometer-criteria">
              {t('barometerWeb:criteriaTitle')}
            </Title>
            {data.criteria.map((criterion) => (
              <CriterionTable
                key={criterion.code}
                criterion={criterion}
                year={data.year ?? 0}
                by={data.by}
                language={language}
                t={t}
              />
            ))}
          </Stack>
          <ThresholdsTable criteria={data.criteria} language={language} t={t} />
          <EditionsTables
            editions={data.editions}
            year={data.year ?? 0}
            by={data.by}
            language={language}
            t={t}
          />
          <Text size="sm" c="gray.7">
            {t('barometerWeb:method')}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}

export const BarometerPage = definePage(Barometer, {
  prefetch: ({ queryClient, searchParams }) =>
    queryClient.prefetchQuery(barometerQuery(barometerSelection(searchParams))),
  meta: ({ t }) => ({
    title: t('barometerWeb:title'),
    description: t('barometerWeb:intro'),
  }),
});
