import {
  COMPANY_ROLES,
  type CompanyRole,
  FIELD_LENGTHS,
  InviteMemberRequest,
  LANGUAGES,
  type Language,
} from '@excelencia/domain';
import { Alert, Button, Group, Paper, Radio, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/language-context.ts';
import { DANGER_RED } from '../../../ui/colors.ts';
import { fieldErrorsOf } from '../../../ui/form/field-errors.ts';
import { SelectField, TextField } from '../../../ui/form/fields.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { inviteMember } from '../api.ts';
import { teamKeys } from '../queries.ts';

interface InviteValues {
  email: string;
  name: string;
  role: CompanyRole | '';
  language: Language | '';
}

const FIELDS = ['email', 'name', 'role', 'language'];

/**
 * The owner invites someone into the company's team: the e-mail, the role (each with a line saying what it may do)
 * and the language of the invitation mail. A refusal lands under its field, or above the button with the
 * server's message.
 */
export function InviteForm({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const form = useForm<InviteValues>({
    mode: 'controlled',
    initialValues: { email: '', name: '', role: 'accountant', language },
    validate: zodResolver<InviteValues>(InviteMemberRequest, t),
    validateInputOnBlur: true,
  });
  const invite = useMutation({
    mutationFn: (body: InviteMemberRequest) => inviteMember(companyId, body),
    onSuccess: (row) => {
      notifySuccess(t('teamsWeb:team.invited', { email: row.email }));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: teamKeys.members(companyId) });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error, FIELDS, t);
      if (fields) form.setErrors(fields);
    },
  });
  const submit = form.onSubmit((values) => {
    invite.reset();
    invite.mutate(InviteMemberRequest.parse(values));
  });
  const refused =
    invite.error && !fieldErrorsOf(invite.error, FIELDS, t) ? (invite.error as Error).message : null;
  const roleError = form.errors.role;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="team-invite-title">
      <form onSubmit={submit} noValidate data-testid="invite-form">
        <Stack gap="md">
          <Title order={2} size="h4" id="team-invite-title">
            {t('teamsWeb:team.invite')}
          </Title>
          <TextField
            label={t('teamsWeb:team.inviteEmail')}
            required
            type="email"
            maxLength={FIELD_LENGTHS.email}
            autoComplete="off"
            data-testid="invite-email"
            {...form.getInputProps('email')}
          />
          <TextField
            label={t('teamsWeb:team.inviteName')}
            description={t('teamsWeb:team.inviteNameHint')}
            maxLength={FIELD_LENGTHS.name}
            autoComplete="off"
            data-testid="invite-name"
            {...form.getInputProps('name')}
          />
          <Radio.Group
            label={t('teamsWeb:team.inviteRole')}
            withAsterisk
            value={form.values.role}
            onChange={(value) => form.setFieldValue('role', value as CompanyRole)}
            error={roleError}
          >
            <Stack gap="xs" mt={6}>
              {COMPANY_ROLES.map((role) => (
                <Radio
                  key={role}
                  value={role}
                  label={t(`teams:roles.${role}`)}
                  description={t(`teamsWeb:team.roleHelp.${role}`)}
                  data-testid={`invite-role-${role}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <SelectField
            label={t('teamsWeb:team.inviteLanguage')}
            required
            options={LANGUAGES.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))}
            testId="invite-language"
            {...form.getInputProps('language')}
          />
          {refused ? (
            <Alert color={DANGER_RED} variant="light" role="alert" data-testid="invite-error">
              {refused}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} data-testid="invite-submit">
              {t('teamsWeb:team.inviteSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
