import { Stack, Text, Title } from '@mantine/core';
import { definePage } from '../../lib/page-data.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useTranslate } from '../../ui/use-translate.ts';

const PRIVACY_SECTIONS = ['data', 'purpose', 'sharing', 'retention', 'rights'] as const;
const REGULATION_SECTIONS = ['article3', 'article4', 'article6'] as const;

function LegalPage({ kind, sections }: { kind: 'privacy' | 'regulation'; sections: readonly string[] }) {
  const t = useTranslate();
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t(`registration:legal.${kind}Title`)}</PageTitle>
      <Text>{t(`registration:legal.${kind}.intro`)}</Text>
      {sections.map((section) => (
        <Stack gap={4} key={section} component="section">
          <Title order={2} size="h4">
            {t(`registration:legal.${kind}.${section}.title`)}
          </Title>
          <Text>{t(`registration:legal.${kind}.${section}.text`)}</Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** /:lang/public/privacy: the privacy policy linked from the registration's terms. */
export const PrivacyPage = definePage(() => <LegalPage kind="privacy" sections={PRIVACY_SECTIONS} />, {
  meta: ({ t }) => ({
    title: t('registration:legal.privacyTitle'),
    description: t('registration:legal.privacy.intro'),
  }),
});

/** /:lang/public/regulation: the distinction's regulation (2023), the articles the portal applies. */
export const RegulationPage = definePage(
  () => <LegalPage kind="regulation" sections={REGULATION_SECTIONS} />,
  {
    meta: ({ t }) => ({
      title: t('registration:legal.regulationTitle'),
      description: t('registration:legal.regulation.intro'),
    }),
  },
);
