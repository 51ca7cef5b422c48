import { FIELD_LENGTHS, hasRole, InvitationChoice, type SessionResponse } from '@excelencia/domain';
import { Alert, Anchor, Box, Button, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { fieldErrorsOf } from '../../../ui/form/field-errors.ts';
import { PasswordField, TextField } from '../../../ui/form/fields.tsx';
import { checkPasswordConfirmation } from '../../../ui/form/password-confirmation.ts';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { Logo } from '../../../ui/logo.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { companyKeys, setSelectedCompanyId } from '../../companies/queries.ts';
import { isExpired, sessionKeys, sessionQueryOptions } from '../../session/queries.ts';
import { acceptInvitation, joinInvitation } from '../api.ts';
import { AcceptTermsCheckbox } from '../components/accept-terms.tsx';
import { useInvitationQuery } from '../queries.ts';
import { signInHref } from '../sign-in-href.ts';

interface InvitationValues {
  name: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

const FIELDS = ['name', 'password', 'confirmPassword', 'acceptedTerms'];

/**
 * /:lang/register/invitation?token= (bare layout, under the logo like /register): a pre-registered company's
 * responsible sets a password and accepts the privacy policy and the regulation, as a self-registration does. An
 * owner's invitation into a company's team (kind 'team') shows the company, the role and who invites: someone
 * without an account sets a password the same way; someone with one signs in, comes back here and joins
 * (docs/adr/0028-company-teams.md).
 */
export function InvitationPage() {
  const localePath = useLocalePath();
  return (
    <Container size="sm" px={0} w="100%">
      <Stack gap="md">
        <Group justify="center">
          <Logo to={localePath('/')} />
        </Group>
        <Invitation />
      </Stack>
    </Container>
  );
}

function Invitation() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [accepted, setAccepted] = useState<string | null>(null);
  const invitation = useInvitationQuery(token, Boolean(token) && accepted === null);
  const form = useForm<InvitationValues>({
    mode: 'controlled',
    initialValues: { name: '', password: '', confirmPassword: '', acceptedTerms: false },
    validate: zodResolver<InvitationValues>(InvitationChoice, t),
    validateInputOnBlur: true,
    onValuesChange: (_values, previous) => checkPasswordConfirmation(form, previous, t),
  });
  const accept = useMutation({ mutationFn: acceptInvitation });
  // Only a team invitation asks whether someone is signed in (to join rather than set a password).
  const session = useQuery({ ...sessionQueryOptions(), enabled: invitation.data?.kind === 'team' });
  const signedIn =
    session.data?.status === 'authenticated' && !isExpired(session.data) ? session.data.user.email : null;
  // A team invitation asks the new account's name, filled with the one the owner typed (if not the address).
  const invitedName =
    invitation.data?.kind === 'team' && invitation.data.name !== invitation.data.email
      ? invitation.data.name
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per invitation read, keeping what is typed after
  useEffect(() => {
    if (invitedName) form.setFieldValue('name', invitedName);
  }, [invitedName]);

  if (accepted !== null) {
    return (
      <Stack gap="md" data-testid="invitation-accepted">
        <PageTitle>{t('registration:invitation.acceptedTitle')}</PageTitle>
        <Alert color="green.9" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
          {t('registration:invitation.acceptedText', { email: accepted })}
        </Alert>
        <Group>
          <Button component="a" href={signInHref(language)} data-testid="invitation-sign-in">
            {t('registration:register.signIn')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (token && invitation.isLoading) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('registration:confirm.checking')}</Text>
      </Group>
    );
  }
  if (!token || invitation.isError || !invitation.data) {
    const gone = !token || (invitation.error instanceof ApiError && invitation.error.status === 410);
    return (
      <Stack gap="md" data-testid="invitation-invalid">
        <PageTitle>
          {gone ? t('registration:invitation.invalidTitle') : t('common:anErrorOccurred')}
        </PageTitle>
        <Text>
          {gone
            ? t('registration:invitation.invalidText')
            : invitation.error instanceof Error
              ? invitation.error.message
              : ''}
        </Text>
        <Group gap="lg">
          <Anchor href={signInHref(language)}>{t('registration:register.signIn')}</Anchor>
          <Anchor component={Link} to={localePath('/')}>
            {t('companies:common.backHome')}
          </Anchor>
        </Group>
      </Stack>
    );
  }
  const info = invitation.data;
  const isTeam = info.kind === 'team';
  if (isTeam && session.isLoading) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('registration:confirm.checking')}</Text>
      </Group>
    );
  }
  const details = (
    <Paper withBorder p="md">
      {/* Each label above its value, which breaks anywhere: a long address stays inside the card on a phone. */}
      <Stack component="dl" gap="sm" m={0}>
        {(
          [
            ['companies:form.companyName', info.companyName, 'invitation-company'],
            isTeam ? null : ['companies:form.responsibleName', info.name, 'invitation-name'],
            ['companies:form.email', info.email, 'invitation-email'],
            isTeam && info.role
              ? ['registration:invitation.team.role', t(`teams:roles.${info.role}`), 'invitation-role']
              : null,
            isTeam && info.invitedByName
              ? ['registration:invitation.team.invitedBy', info.invitedByName, 'invitation-inviter']
              : null,
          ] as const
        )
          .filter((row) => row !== null)
          .map(([label, value, testId]) => (
            <Box key={label}>
              <Text component="dt" size="sm" c="gray.7">
                {t(label)}
              </Text>
              <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
                {value}
              </Text>
            </Box>
          ))}
      </Stack>
    </Paper>
  );
  const role = info.role ? t(`teams:roles.${info.role}`) : '';
  const heading = isTeam ? (
    <>
      <PageTitle>{t('registration:invitation.team.title', { company: info.companyName })}</PageTitle>
      <Text>
        {info.invitedByName
          ? t('registration:invitation.team.intro', {
              inviter: info.invitedByName,
              company: info.companyName,
              role,
            })
          : t('registration:invitation.team.introNoInviter', { company: info.companyName, role })}
      </Text>
    </>
  ) : (
    <>
      <PageTitle>{t('registration:invitation.title')}</PageTitle>
      <Text>{t('registration:invitation.intro', { company: info.companyName })}</Text>
    </>
  );
  if (isTeam && (info.hasAccount || signedIn !== null)) {
    return (
      <Stack gap="md">
        {heading}
        {details}
        <JoinTeam token={token} hasAccount={info.hasAccount === true} signedIn={signedIn} />
      </Stack>
    );
  }
  // The form's rules passed, so the terms are accepted.
  const submit = form.onSubmit((values) =>
    accept.mutate(
      { token, ...values, name: isTeam ? values.name : undefined, acceptedTerms: true },
      {
        onSuccess: (answer) => setAccepted(answer?.email ?? info.email),
        onError: (error) => {
          const fields = fieldErrorsOf(error, FIELDS, t);
          if (fields) form.setErrors(fields);
          else if (error instanceof ApiError && error.status === 410) void invitation.refetch();
          else notifyApiError(error);
        },
      },
    ),
  );
  return (
    <Stack gap="md">
      {heading}
      {details}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {isTeam ? (
            <TextField
              label={t('registration:invitation.team.yourName')}
              autoComplete="name"
              maxLength={FIELD_LENGTHS.name}
              data-testid="invitation-your-name"
              {...form.getInputProps('name')}
            />
          ) : null}
          <PasswordField
            label={t('companies:form.password')}
            required
            description={t('registration:register.passwordHint')}
            visibilityToggleButtonProps={{ 'aria-label': t('registration:register.togglePassword') }}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('companies:form.confirmPassword')}
            required
            visibilityToggleButtonProps={{ 'aria-label': t('registration:register.togglePassword') }}
            {...form.getInputProps('confirmPassword')}
          />
          <AcceptTermsCheckbox {...form.getInputProps('acceptedTerms', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button type="submit" loading={accept.isPending} data-testid="invitation-submit">
              {t('registration:invitation.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * A team invitation for an address with an account: sign in first (coming back to this page), then join; the
 * company is then in the company selector, chosen, and the user lands on its dashboard.
 */
function JoinTeam({
  token,
  hasAccount,
  signedIn,
}: {
  token: string;
  hasAccount: boolean;
  signedIn: string | null;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => joinInvitation(token),
    onSuccess: async (joined) => {
      setSelectedCompanyId(joined.companyId);
      // Read again even where no page shows them now: the dashboard must not start from a list without the
      // company (the selector would drop the choice just stored), nor from a session without its role.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.mine(), refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all, refetchType: 'all' }),
      ]);
      // Someone who was not a company user yet (a partner) got the company role at the identity provider: the
      // session only carries it after signing in again, which the provider's own session makes quick.
      const session = queryClient.getQueryData<SessionResponse>(sessionKeys.current());
      if (session?.status === 'authenticated' && !hasRole(session.roles, 'company')) {
        window.location.assign(signInHref(language));
        return;
      }
      void navigate(localePath('/company/dashboard'));
    },
  });
  if (signedIn === null) {
    const back = `/${language}/register/invitation?${new URLSearchParams({ token }).toString()}`;
    return (
      <Stack gap="md">
        {hasAccount ? <Text>{t('registration:invitation.team.hasAccount')}</Text> : null}
        <Group justify="flex-end">
          <Button component="a" href={signInHref(language, back)} data-testid="invitation-sign-in-to-accept">
            {t('registration:invitation.team.signInToAccept')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text c="gray.7" data-testid="invitation-signed-in-as" style={{ overflowWrap: 'anywhere' }}>
        {t('registration:invitation.team.signedInAs', { email: signedIn })}
      </Text>
      {join.error ? (
        <Alert color="red.9" variant="light" role="alert" data-testid="invitation-join-error">
          {join.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => join.mutate()} loading={join.isPending} data-testid="invitation-join">
          {t('registration:invitation.team.accept')}
        </Button>
      </Group>
    </Stack>
  );
}
