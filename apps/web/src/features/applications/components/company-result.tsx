import { type Application, isCertificateAvailable } from '@excelencia/domain';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAward, IconCertificate } from '@tabler/icons-react';
import { useLanguage } from '../../../lib/language-context.ts';
import { NEUTRAL_GRAY, SUCCESS_GREEN } from '../../../ui/colors.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { certificatePath } from '../api.ts';
import { dateText } from './company-application-format.ts';
import { SealStatusBadge } from './public-seal-status.tsx';

/** The public address of a seal's check (the certificate's QR code points to the same page). */
export function sealCheckUrl(language: string, code: string): string {
  return `${window.location.origin}/${language}/public/selo/${encodeURIComponent(code)}`;
}

/** The decision once the results are published: the status with its certificate and public check, or why not. */
export function ApplicationResult({ application }: { application: Application }) {
  const t = useTranslate();
  const language = useLanguage();
  const { decision, seal } = application;
  if (!application.resultsPublished || !decision) return null;
  if (decision.decision === 'unqualified') {
    return (
      <Alert
        color={NEUTRAL_GRAY}
        variant="light"
        title={t('applicationsWeb:result.title')}
        data-testid="app-result"
        data-result="unqualified"
      >
        <Stack gap={4}>
          <Text fw={600}>{t('applicationsWeb:result.notDistinguished')}</Text>
          {decision.reason ? (
            <Text size="sm">{t('applicationsWeb:result.reason', { reason: decision.reason })}</Text>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  const url = seal ? sealCheckUrl(language, seal.code) : null;
  return (
    <Alert
      color={SUCCESS_GREEN}
      variant="light"
      icon={<IconAward aria-hidden="true" />}
      title={t('applicationsWeb:result.title')}
      data-testid="app-result"
      data-result="distinguished"
    >
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>
          {t('applicationsWeb:result.distinguished', {
            date: seal ? dateText(seal.validUntil, language) : '—',
          })}
        </Text>
        {seal ? (
          <>
            {seal.status !== 'valid' ? (
              <Group gap="xs">
                <Text size="sm">{t('applicationsWeb:result.sealStatus')}</Text>
                <SealStatusBadge status={seal.status} />
                <Text size="sm" data-testid="app-seal-since">
                  {t('applicationsWeb:result.sealSince', { date: dateText(seal.statusSince, language) })}
                </Text>
              </Group>
            ) : null}
            {/* A suspended or withdrawn status has no certificate to download (the server answers 409 too). */}
            {isCertificateAvailable(seal.status) ? (
              <DownloadButton
                href={certificatePath(application.companyId, seal.id, language)}
                fallbackName={`certificado-${seal.code}.pdf`}
                label={t('applicationsWeb:result.certificate')}
                icon={<IconCertificate size={18} aria-hidden="true" />}
                testId="app-certificate"
                progressText={({ percent, received }) =>
                  t('applicationsWeb:result.downloading', {
                    progress: percent !== null ? `${percent} %` : received,
                  })
                }
              />
            ) : (
              <Text size="sm" data-testid="app-certificate-unavailable">
                {t('applications:errors.sealNotValid')}
              </Text>
            )}
            {url ? (
              <Text size="sm">
                {t('applicationsWeb:result.verify')}{' '}
                <Anchor
                  href={url}
                  target="_blank"
                  rel="noopener"
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="app-seal-link"
                >
                  {url}
                </Anchor>
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
