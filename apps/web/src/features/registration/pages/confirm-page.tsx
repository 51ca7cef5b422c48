import type { RegistrationConfirmed } from '@excelencia/domain';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { confirmRegistration } from '../api.ts';
import { signInHref } from '../sign-in-href.ts';
import { ResendForm } from './register-page.tsx';

type Outcome =
  | { state: 'loading' }
  | { state: 'confirmed'; email: string }
  | { state: 'expired' }
  | { state: 'invalid' }
  | { state: 'failed'; message: string };

/**
 * One confirmation call per token for the page's lifetime: the link is single use, so a second call (React's
 * development double effect, a re-render) must not turn a success into "already used".
 */
const calls = new Map<string, Promise<RegistrationConfirmed>>();

function confirmOnce(token: string): Promise<RegistrationConfirmed> {
  let call = calls.get(token);
  if (!call) {
    call = confirmRegistration(token);
    calls.set(token, call);
  }
  return call;
}

export function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 410) {
    return error.code === 'link_expired' ? { state: 'expired' } : { state: 'invalid' };
  }
  if (error instanceof ApiError && (error.status === 400 || error.status === 404))
    return { state: 'invalid' };
  return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** /:lang/register/confirm?token=: follows the e-mailed link. */
export function ConfirmRegistrationPage() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'loading' } : { state: 'invalid' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      (answer) => live && setOutcome({ state: 'confirmed', email: answer.email }),
      (error: unknown) => live && setOutcome(outcomeOf(error)),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (outcome.state === 'loading') {
    return (
      <Group justify="center" py="xl" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('registration:confirm.checking')}</Text>
      </Group>
    );
  }
  if (outcome.state === 'confirmed') {
    return (
      <Stack gap="md" data-testid="confirm-success">
        <PageTitle>{t('registration:confirm.successTitle')}</PageTitle>
        <Alert color="green.9" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
          {t('registration:confirm.successText', { email: outcome.email })}
        </Alert>
        <Group>
          <Button component="a" href={signInHref(language)} data-testid="confirm-sign-in">
            {t('registration:register.signIn')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (outcome.state === 'expired') {
    return (
      <Stack gap="md" data-testid="confirm-expired">
        <PageTitle>{t('registration:confirm.expiredTitle')}</PageTitle>
        <Text>{t('registration:confirm.expiredText')}</Text>
        <ResendForm />
      </Stack>
    );
  }
  if (outcome.state === 'invalid') {
    // A used link: either the registration was confirmed (the account exists: sign in) or a newer link was sent
    // since (only the newest works: ask again). The resend answer is the same either way.
    return (
      <Stack gap="md" data-testid="confirm-invalid">
        <PageTitle>{t('registration:confirm.invalidTitle')}</PageTitle>
        <Text>{t('registration:confirm.invalidText')}</Text>
        <Group>
          <Button component="a" href={signInHref(language)} data-testid="confirm-sign-in">
            {t('registration:register.signIn')}
          </Button>
        </Group>
        <Stack gap="xs" component="section" aria-labelledby="confirm-resend-title">
          <Title order={2} size="h4" id="confirm-resend-title">
            {t('registration:confirm.resendTitle')}
          </Title>
          <ResendForm />
        </Stack>
        <Anchor component={Link} to={localePath('/register')}>
          {t('registration:confirm.registerAgain')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="confirm-failed">
      <PageTitle>{t('common:anErrorOccurred')}</PageTitle>
      <Text>{outcome.message}</Text>
      <Group gap="lg">
        <Anchor href={signInHref(language)}>{t('registration:register.signIn')}</Anchor>
        <Anchor component={Link} to={localePath('/register')}>
          {t('registration:confirm.registerAgain')}
        </Anchor>
      </Group>
    </Stack>
  );
}
