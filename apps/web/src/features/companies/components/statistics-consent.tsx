import { type CompanyProfile, StatisticsConsent } from '@excelencia/domain';
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiJson } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { companyKeys } from '../queries.ts';

/** PUT companies/{id}/statistics-consent: the owner withdraws or grants again the statistical use. */
async function putStatisticsConsent(companyId: string, allowed: boolean): Promise<StatisticsConsent> {
  return StatisticsConsent.parse(
    await apiJson<unknown>(`${API_BASE}/companies/${encodeURIComponent(companyId)}/statistics-consent`, {
      method: 'PUT',
      body: { allowed },
    }),
  );
}

/**
 * The company's statistical-use consent on its profile (docs/adr/0033-barometer-disclosure-control.md): what it
 * means, and a switch its owner turns off to keep the company's figures out of the barometer and the quartiles
 * (and on again); the others see its state.
 */
export function StatisticsConsentSwitch({
  company,
  canChange,
}: {
  company: Pick<CompanyProfile, 'id' | 'statisticsAllowed'>;
  canChange: boolean;
}) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (allowed: boolean) => putStatisticsConsent(company.id, allowed),
    onSuccess: async () => {
      notifySuccess(t('barometer:consent.saved'));
      await queryClient.invalidateQueries({ queryKey: companyKeys.one(company.id) });
    },
    onError: (error) => notifyApiError(error),
  });
  const allowed = change.isPending
    ? (change.variables ?? company.statisticsAllowed)
    : company.statisticsAllowed;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="statistics-consent">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('barometer:consent.title')}
        </Title>
        <Text size="sm">{t('barometer:consent.description')}</Text>
        {/* Not disabled while it saves (that took the keyboard's focus away to the page): busy, a change then ignored. */}
        <Switch
          checked={allowed}
          disabled={!canChange}
          aria-busy={change.isPending || undefined}
          onChange={(event) => {
            if (!change.isPending) change.mutate(event.currentTarget.checked);
          }}
          label={t('barometer:consent.allowed')}
        />
        {allowed ? null : (
          <Text size="sm" c="gray.7">
            {t('barometer:consent.withdrawn')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
