import { type DisplayTarget, localized, type DiagnosisPositions as Positions } from '@excelencia/domain';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useDiagnosisPositionsQuery } from '../queries.ts';
import { PositionBar } from './position-bar.tsx';

type PositionIndicator = Positions['indicators'][number];

/**
 * A saved diagnosis's place in the barometer (loaded with the diagnosis's view, in a chunk of its own): for each
 * indicator, the quartile of its CAE section and of all companies it falls in, with the three cut points, or
 * that the group is too small to say. `targets` gives each criterion's target by code, for the decimals.
 */
export default function DiagnosisPositions({
  companyId,
  diagnosisId,
  targets,
}: {
  companyId: string;
  diagnosisId: string;
  targets?: ReadonlyMap<string, DisplayTarget>;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const query = useDiagnosisPositionsQuery(companyId, diagnosisId);
  const positions = query.data;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="dg-positions-title"
      data-testid="dg-positions"
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="dg-positions-title">
          {t('barometerWeb:position.title')}
        </Title>
        {query.isPending ? <Text c="gray.7">{t('barometerWeb:position.loading')}</Text> : null}
        {query.isError ? (
          <LoadFailed title={t('barometerWeb:position.loadFailed')} onRetry={() => void query.refetch()} />
        ) : null}
        {positions ? (
          <>
            <Text size="sm" c="gray.7">
              {t('barometerWeb:position.intro', { year: positions.year })}
              {positions.section ? null : ` ${t('barometerWeb:position.noSection')}`}
            </Text>
            <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {positions.indicators.map((indicator: PositionIndicator) => (
                <Stack
                  key={indicator.criterionId}
                  component="li"
                  gap={6}
                  data-testid="dg-position"
                  data-code={indicator.code}
                >
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {`${indicator.code} — ${localized(indicator.description, language)}`}
                  </Text>
                  {indicator.section && positions.section ? (
                    <PositionBar
                      position={indicator.section}
                      section={positions.section.code}
                      target={targets?.get(indicator.code) ?? null}
                      t={t}
                    />
                  ) : null}
                  <PositionBar
                    position={indicator.all}
                    section={null}
                    target={targets?.get(indicator.code) ?? null}
                    t={t}
                  />
                </Stack>
              ))}
            </Stack>
            <Anchor component={Link} to={localePath('/public/barometro')} size="sm">
              {t('barometerWeb:position.open')}
            </Anchor>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The dashboard card's short version: one line per indicator (its code, four small boxes and the quartile in
 * words) of the company's section, or of all companies when it has none, the group named once in the title.
 */
export function CompactPositions({ companyId, diagnosisId }: { companyId: string; diagnosisId: string }) {
  const t = useTranslate();
  const query = useDiagnosisPositionsQuery(companyId, diagnosisId);
  const positions = query.data;
  if (!positions || positions.indicators.length === 0) return null;
  const section = positions.section?.code ?? null;
  return (
    <Stack gap={6} data-testid="dashboard-positions">
      <Text fw={600} size="sm">
        {section === null
          ? t('barometerWeb:position.compactTitleAll')
          : t('barometerWeb:position.compactTitleSection', { code: section })}
      </Text>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {positions.indicators.map((indicator) => {
          // An indicator without its section's figures stands among all companies, and says so.
          const inSection = section !== null && indicator.section !== null;
          return (
            <Group
              key={indicator.criterionId}
              component="li"
              gap={8}
              wrap="nowrap"
              align="center"
              data-testid="dashboard-position"
              data-code={indicator.code}
            >
              <Text size="xs" c="gray.7" w={96} style={{ flex: 'none', overflowWrap: 'anywhere' }}>
                {indicator.code}
              </Text>
              <PositionBar
                position={inSection && indicator.section ? indicator.section : indicator.all}
                section={inSection ? section : null}
                target={null}
                compact
                withGroup={section !== null && !inSection}
                t={t}
              />
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
