import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n as appI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { RenderTimeContext } from '../lib/render-time.ts';
import { cssVariablesResolver, theme } from '../ui/theme.ts';

/**
 * The toasts' host, in a chunk of its own: no page needs it to show, and a toast asked for before it has loaded
 * waits in the notifications store until it is there.
 */
const NotificationsHost = lazy(() =>
  import('../ui/notifications-host.tsx').then((module) => ({ default: module.NotificationsHost })),
);

/**
 * The app's providers. The browser passes nothing; the server renderer passes its per-request i18next
 * instance, query client and clock (a visitor's page is not hydrated: its islands have their own providers).
 */
export function Providers({
  children,
  i18n = appI18n,
  queryClient: given,
  renderedAt = null,
}: {
  children: ReactNode;
  i18n?: I18n;
  queryClient?: QueryClient;
  renderedAt?: Date | null;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <RenderTimeContext value={renderedAt}>
            <Suspense fallback={null}>
              <NotificationsHost />
            </Suspense>
            {children}
          </RenderTimeContext>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
