import { EXPORT_LINK_DAYS } from '@excelencia/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** The sections of the privacy page's "the company's data and your rights", in order. */
const SECTIONS = ['keeps', 'access', 'rights', 'export', 'closure'] as const;

/**
 * The privacy page's part on a company's data (docs/adr/0028-company-teams.md): what the portal keeps of a company
 * and of a person, who sees it, the rights under Cabo Verde's data-protection law and its authority (the CNPD), the
 * data export, the account's closure and what stays after it. Shown below the content manager's text, which cannot
 * change it, as the retention table is.
 */
export function DataRights() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Stack component="section" gap="sm" aria-labelledby="privacy-data-rights" lang={language}>
      <Title order={2} size="h3" id="privacy-data-rights">
        {t('contentPublic:dataRights.title')}
      </Title>
      {SECTIONS.map((section) => (
        <Stack key={section} gap={4} data-testid={`privacy-data-rights-${section}`}>
          <Title order={3} size="h5">
            {t(`contentPublic:dataRights.${section}.title`)}
          </Title>
          {section === 'keeps' ? (
            <>
              <Text>{t('contentPublic:dataRights.keeps.company')}</Text>
              <Text>{t('contentPublic:dataRights.keeps.person')}</Text>
            </>
          ) : (
            <Text>{t(`contentPublic:dataRights.${section}.text`, { days: EXPORT_LINK_DAYS })}</Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
