import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useLanguage } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { templatePath } from '../api.ts';

const RULES = ['xlsx', 'columns', 'noBlank', 'noTotals', 'accounts', 'balanced'] as const;

/** The .xlsx template download and its rules (the RULES above) in the user's language. */
export function TemplateSection({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Paper withBorder p="md" maw={760}>
      <Stack gap="sm">
        <Text>{t('balanceSheetsWeb:template.intro')}</Text>
        <div>
          {/* A plain link: the small file downloads from the page the server rendered, with or without scripts. */}
          <Button
            component="a"
            href={templatePath(language)}
            download="balancete.xlsx"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            data-testid="bs-template-download"
          >
            {t('balanceSheetsWeb:template.download')}
          </Button>
        </div>
        <Title order={headingOrder} size="h4">
          {t('balanceSheets:templateRules.title')}
        </Title>
        <List spacing={4}>
          {RULES.map((rule) => (
            <List.Item key={rule}>{t(`balanceSheets:templateRules.${rule}`)}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/** /:lang/public/balance-sheet-template */
function Template() {
  const t = useTranslate();
  return (
    <Stack gap="md">
      <PageTitle>{t('balanceSheetsWeb:template.title')}</PageTitle>
      <TemplateSection />
    </Stack>
  );
}

export const TemplatePage = definePage(Template, {
  meta: ({ t }) => ({
    title: t('balanceSheetsWeb:template.title'),
    description: t('balanceSheetsWeb:template.intro'),
  }),
});
