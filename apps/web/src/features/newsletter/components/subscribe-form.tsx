import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { island } from '../../../lib/island.tsx';
import { useLanguage } from '../../../lib/language-context.ts';
import { subscribe } from '../subscribe-api.ts';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * The footer's newsletter form: an e-mail and a Subscribe button, in the page's language. A bad address shows
 * the invalid-email message; a subscription shows the thank-you message (a confirmation link follows by mail).
 * Nothing here reads window or document while rendering, so the server can render it.
 */
export function SubscribeForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser's own e-mail check catches a typo at once (this island carries no validation library); the
    // server applies the portal's e-mail rule and answers with the same message.
    const input = event.currentTarget.elements.namedItem('email');
    if (email.trim() === '' || (input instanceof HTMLInputElement && !input.checkValidity())) {
      setState({ kind: 'error', message: t('validation:invalidEmail') });
      return;
    }
    setState({ kind: 'sending' });
    subscribe({ email, language })
      .then(() => {
        setEmail('');
        setState({ kind: 'done' });
      })
      .catch((error: unknown) =>
        setState({ kind: 'error', message: error instanceof Error ? error.message : t('errors:internal') }),
      );
  };

  const error = state.kind === 'error' ? state.message : null;
  return (
    <Stack
      gap={6}
      maw={520}
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid="newsletter-form"
    >
      <Text id={`${id}-title`} fw={600} c="gray.0">
        {t('newsletter:form.title')}
      </Text>
      <Text size="sm" c="gray.3">
        {t('newsletter:form.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            type="email"
            name="email"
            autoComplete="email"
            aria-label={t('newsletter:form.email')}
            placeholder={t('newsletter:form.placeholder')}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (state.kind !== 'sending') setState({ kind: 'idle' });
            }}
            error={error ? <span data-testid="newsletter-error">{error}</span> : undefined}
            errorProps={{ c: 'red.2' }}
            maxLength={254}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="newsletter-email"
          />
          <Button type="submit" loading={state.kind === 'sending'} data-testid="newsletter-subscribe">
            {t('newsletter:form.subscribe')}
          </Button>
        </Group>
      </form>
      <div role="status" aria-live="polite">
        {state.kind === 'done' ? (
          <Text size="sm" c="green.2" data-testid="newsletter-thanks">
            {t('newsletter:form.thankYou')}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}

/** The form as an island: on a page rendered for a visitor, it is the part of the footer that runs. */
export const SubscribeFormIsland = island('newsletter', SubscribeForm);
