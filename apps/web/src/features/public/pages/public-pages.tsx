import {
  Accordion,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClipboardCheck, IconFileSpreadsheet, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { EditionCountdown } from '../../applications/components/public-countdown.tsx';
import { currentEditionQuery, useCurrentEditionQuery } from '../../applications/queries.ts';
import { useSession } from '../../session/queries.ts';

/** The public pages (SPEC §2). */

/** Which year the announced edition evaluates; nothing while none is announced. */
function CurrentEditionLine() {
  const { t } = useTranslation();
  const { data: edition } = useCurrentEditionQuery();
  if (!edition) return null;
  return (
    <Text>
      {t('pages:home.edition', {
        edition: t('applications:editionName', { number: edition.number, year: edition.year }),
        year: edition.indicatorYear,
      })}
    </Text>
  );
}

function Home() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  // The call to register is for visitors: a signed-in user (a company's) has an account already.
  const signedIn = useSession().status === 'authenticated';
  const steps = [
    { key: 'register', icon: IconUserPlus },
    { key: 'upload', icon: IconFileSpreadsheet },
    { key: 'apply', icon: IconClipboardCheck },
  ] as const;
  return (
    <Stack gap={48}>
      <Stack gap="md" maw={760}>
        <PageTitle>{t('pages:home.title')}</PageTitle>
        <Text size="xl" fw={500}>
          {t('pages:home.lead')}
        </Text>
        <Text>{t('pages:home.intro')}</Text>
        <CurrentEditionLine />
        {signedIn ? null : <Text fw={600}>{t('pages:home.callToRegister')}</Text>}
        <Group gap="sm">
          {signedIn ? null : (
            <Button component={Link} to={localePath('/register')} size="md">
              {t('pages:home.registerButton')}
            </Button>
          )}
          <Button component={Link} to={localePath('/public/sobre')} size="md" variant="default">
            {t('pages:home.learnMore')}
          </Button>
        </Group>
      </Stack>
      <EditionCountdown />
      <Stack gap="md">
        <Title order={2}>{t('pages:home.steps.title')}</Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {steps.map(({ key, icon: Icon }, index) => (
            <Paper key={key} withBorder p="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="xl" aria-hidden="true">
                  <Icon size={22} />
                </ThemeIcon>
                <Text>
                  <Text span fw={700}>
                    {index + 1}.{' '}
                  </Text>
                  {t(`pages:home.steps.${key}`)}
                </Text>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

function TextPage({
  titleKey,
  paragraphKeys,
  children,
}: {
  titleKey: string;
  paragraphKeys: readonly string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t(titleKey)}</PageTitle>
      {paragraphKeys.map((key) => (
        <Text key={key} size="lg">
          {t(key)}
        </Text>
      ))}
      {children}
    </Stack>
  );
}

/** The link to the balance-sheet template page and its rules. */
function TemplateLink() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Anchor
      component={Link}
      to={localePath('/public/balance-sheet-template')}
      fw={600}
      data-testid="bs-template-link"
    >
      <IconFileSpreadsheet
        size={18}
        aria-hidden="true"
        style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }}
      />
      {t('balanceSheetsWeb:template.link')}
    </Anchor>
  );
}

export const HomePage = definePage(Home, {
  prefetch: ({ queryClient }) => queryClient.prefetchQuery(currentEditionQuery()),
  meta: ({ t }) => ({ title: t('common:appName'), description: t('pages:home.lead') }),
});

export const AboutPage = definePage(
  () => (
    <TextPage
      titleKey="pages:about.title"
      paragraphKeys={['pages:about.p1', 'pages:about.p2', 'pages:about.p3']}
    />
  ),
  { meta: ({ t }) => ({ title: t('pages:about.title'), description: t('pages:about.p1') }) },
);

function SelfDiagnosisInfo() {
  return (
    <TextPage
      titleKey="pages:selfDiagnosis.title"
      paragraphKeys={['pages:selfDiagnosis.p1', 'pages:selfDiagnosis.p2', 'pages:selfDiagnosis.p3']}
    >
      <TemplateLink />
    </TextPage>
  );
}

const DOCUMENTS = [
  'socialSecurity',
  'finance',
  'commercialCertificate',
  'model1bReceipt',
  'accountsReport',
  'daicf',
  'daicfReceipt',
  'model1b',
] as const;

export const SelfDiagnosisInfoPage = definePage(SelfDiagnosisInfo, {
  meta: ({ t }) => ({ title: t('pages:selfDiagnosis.title'), description: t('pages:selfDiagnosis.p1') }),
});

function ApplicationsInfo() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t('pages:applications.title')}</PageTitle>
      <Text size="lg">{t('pages:applications.p1')}</Text>
      <Title order={2} size="h3">
        {t('pages:applications.documentsTitle')}
      </Title>
      <List spacing="xs">
        {DOCUMENTS.map((key) => (
          <List.Item key={key}>{t(`pages:applications.documents.${key}`)}</List.Item>
        ))}
      </List>
      <Text size="lg">{t('pages:applications.p2')}</Text>
      <Anchor
        component={Link}
        to={localePath('/public/distinguidas')}
        fw={600}
        data-testid="distinguished-link"
      >
        {t('applicationsWeb:distinguished.link')}
      </Anchor>
    </Stack>
  );
}

export const ApplicationsInfoPage = definePage(ApplicationsInfo, {
  meta: ({ t }) => ({ title: t('pages:applications.title'), description: t('pages:applications.p1') }),
});

const QUESTIONS = ['1', '2', '3', '4'] as const;

function Faq() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t('pages:faq.title')}</PageTitle>
      <Accordion variant="separated" multiple>
        {QUESTIONS.map((n) => (
          <Accordion.Item key={n} value={n}>
            <Accordion.Control>{t(`pages:faq.q${n}`)}</Accordion.Control>
            <Accordion.Panel>{t(`pages:faq.a${n}`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <TemplateLink />
    </Stack>
  );
}

export const FaqPage = definePage(Faq, {
  meta: ({ t }) => ({
    title: t('pages:faq.title'),
    description: `${t('pages:faq.q1')} ${t('pages:faq.a1')}`,
  }),
});
