import type { Application } from '@excelencia/domain';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { RoleNote, useCompanyCan } from '../../teams/index.ts';
import { useSubmitApplicationMutation } from '../queries.ts';
import { canSubmit, submitBlockers, yearsText } from './company-application-format.ts';
import { criterionName } from './company-eligibility.tsx';

/**
 * Submit, enabled only when complete and eligible with no upload in flight; otherwise exactly what is missing.
 * Submitting is an owner's: an accountant or a viewer sees what is missing and why there is no button.
 */
export function SubmitPanel({ application, uploading }: { application: Application; uploading: boolean }) {
  const t = useTranslate();
  const language = useLanguage();
  const submit = useSubmitApplicationMutation(application.companyId);
  const canSubmitAsRole = useCompanyCan('own');
  const blockers = submitBlockers(application, uploading);
  const ready = canSubmit(blockers);
  const reasons: string[] = [];
  if (blockers.missingDocuments > 0) {
    reasons.push(
      blockers.missingDocuments === 1
        ? t('applicationsWeb:submit.missingDocumentOne')
        : t('applicationsWeb:submit.missingDocuments', { count: blockers.missingDocuments }),
    );
  }
  if (blockers.missingYears.length > 0) {
    reasons.push(t('applications:missingSheets', { years: yearsText(blockers.missingYears, language) }));
  }
  if (blockers.failedCriteria.length > 0) {
    const list = blockers.failedCriteria.map((row) => criterionName(row, language)).join('; ');
    reasons.push(t('applicationsWeb:submit.criteria', { list }));
  }

  const send = () =>
    confirmAction({
      title: t('applicationsWeb:submit.confirmTitle'),
      message: t('applicationsWeb:submit.confirmText'),
      confirmLabel: t('applicationsWeb:submit.button'),
      onConfirm: () =>
        submit.mutateAsync(application.id).then(
          () => notifySuccess(t('applications:applicationComplete')),
          (error: unknown) => notifyApiError(error),
        ),
    });

  return (
    <Stack gap="sm" align="flex-start">
      {reasons.length > 0 ? (
        <Alert
          color={WARNING_ORANGE}
          variant="light"
          title={t('applicationsWeb:submit.before')}
          w="100%"
          data-testid="submit-blockers"
        >
          <List size="sm" spacing={4}>
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      ) : !uploading ? (
        <Text c="gray.8">{t('applicationsWeb:submit.ready')}</Text>
      ) : null}
      {canSubmitAsRole ? (
        <Button
          size="md"
          leftSection={<IconSend size={18} aria-hidden="true" />}
          disabled={!ready}
          loading={submit.isPending}
          onClick={send}
          data-testid="app-submit"
        >
          {uploading ? t('applicationsWeb:waitForUploads') : t('applicationsWeb:submit.button')}
        </Button>
      ) : (
        <RoleNote need="submit" />
      )}
    </Stack>
  );
}
