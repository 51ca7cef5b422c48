import { Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { PERSONAL_EXPORT_PATH } from '../api.ts';

/** On /users/profile: the person downloads what the portal keeps of them, as one JSON file. */
export function PersonalDataSection() {
  const t = useTranslate();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-personal-data">
      <Title order={2} size="h4" mb="xs" id="profile-personal-data">
        {t('teamsWeb:personalData.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm" data-testid="personal-data-contents">
        {t('teamsWeb:personalData.intro')}
      </Text>
      <DownloadButton
        href={PERSONAL_EXPORT_PATH}
        fallbackName="my-data.json"
        label={t('teamsWeb:personalData.download')}
        icon={<IconDownload size={16} aria-hidden="true" />}
        testId="personal-data-download"
        progressTestId="personal-data-progress"
        progressText={({ percent, received }) =>
          t('teamsWeb:personalData.downloading', { progress: percent !== null ? `${percent} %` : received })
        }
      />
    </Paper>
  );
}
