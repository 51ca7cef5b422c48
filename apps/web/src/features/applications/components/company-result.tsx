import { type Application, failedCriteriaTexts, isCertificateAvailable } from '@excelencia/domain';
import { Alert, Anchor, Button, CopyButton, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconAward, IconCertificate, IconCopy } from '@tabler/icons-react';
import { API_BASE } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { portalOrigin } from '../../../lib/portal-origin.ts';
import { NEUTRAL_GRAY, SUCCESS_GREEN } from '../../../ui/colors.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { certificatePath } from '../api.ts';
import { dateText } from './company-application-format.ts';
import { SealStatusBadge } from './public-seal-status.tsx';

/** The public address of a seal's check (the certificate's QR code points to the same page). */
export function sealCheckUrl(language: string, code: string): string {
  return `${portalOrigin()}/${language}/public/selo/${encodeURIComponent(code)}`;
}

/** The badge's image: the status now, drawn by the server in the language (its public SVG). */
function sealBadgeUrl(language: string, code: string): string {
  return `${portalOrigin()}${API_BASE}/public/seals/${encodeURIComponent(code)}/badge.svg?language=${encodeURIComponent(language)}`;
}

/** The HTML a company pastes into its website: the badge's image inside a link to the live public check. */
function sealBadgeSnippet(input: { language: string; code: string; alt: string }): string {
  const attribute = (value: string) =>
    value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const href = attribute(sealCheckUrl(input.language, input.code));
  const src = attribute(sealBadgeUrl(input.language, input.code));
  return `<a href="${href}" target="_blank" rel="noopener"><img src="${src}" alt="${attribute(input.alt)}" width="${BADGE_SIZE.width}" height="${BADGE_SIZE.height}"></a>`;
}

/** The badge's size as the server draws it. */
const BADGE_SIZE = { width: 260, height: 64 } as const;

/** The badge for the company's own website: how it looks now, and the snippet to copy. */
function SealBadge({ seal }: { seal: NonNullable<Application['seal']> }) {
  const t = useTranslate();
  const language = useLanguage();
  const alt = t('applicationsWeb:result.badge.alt', { company: seal.companyName });
  const snippet = sealBadgeSnippet({ language, code: seal.code, alt });
  return (
    <Stack gap={6} w="100%" data-testid="app-seal-badge">
      <Text fw={600} size="sm">
        {t('applicationsWeb:result.badge.title')}
      </Text>
      <Text size="sm">{t('applicationsWeb:result.badge.intro')}</Text>
      <img
        src={sealBadgeUrl(language, seal.code)}
        alt={alt}
        width={BADGE_SIZE.width}
        height={BADGE_SIZE.height}
        data-testid="app-seal-badge-preview"
      />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Textarea
          label={t('applicationsWeb:result.badge.code')}
          value={snippet}
          readOnly
          autosize
          minRows={2}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="app-seal-badge-code"
        />
        <CopyButton value={snippet}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              mt={24}
              onClick={copy}
              leftSection={<IconCopy size={16} aria-hidden="true" />}
              data-testid="app-seal-badge-copy"
            >
              {copied ? t('applicationsWeb:result.badge.copied') : t('applicationsWeb:result.badge.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * The criteria a refused application failed, as the refusal mail names them (the domain writes both): each
 * criterion, the company's value, the threshold and the criterion's recommendation. Nothing when all passed.
 */
function FailedCriteria({ application }: { application: Application }) {
  const t = useTranslate();
  const language = useLanguage();
  const failed = failedCriteriaTexts(application.applicationFinancialIndicators, language);
  if (failed.length === 0) return null;
  return (
    <Stack gap={4} data-testid="app-failed-criteria">
      <Text size="sm" fw={600}>
        {t('applicationsWeb:result.failed.title')}
      </Text>
      <List size="sm" spacing={6}>
        {failed.map((criterion) => (
          <List.Item key={criterion.code} data-testid="app-failed-criterion" data-code={criterion.code}>
            <Text size="sm" fw={600} component="span">
              {criterion.name}
            </Text>
            <Text size="sm" data-testid="app-failed-figures">
              {t('applicationsWeb:result.failed.figures', {
                value: criterion.value,
                threshold: criterion.threshold,
              })}
            </Text>
            {criterion.recommendation ? (
              <Text size="sm" data-testid="app-failed-recommendation">
                {t('applicationsWeb:result.failed.recommendation', {
                  recommendation: criterion.recommendation,
                })}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
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
          <FailedCriteria application={application} />
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
            <SealBadge seal={seal} />
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
