import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { AdminNewsletterPage } from './admin-newsletter-page.tsx';

const text = (value: string) => ({ pt: value, en: value, fr: value });

/** A campaign whose one recipient is in the outbox (stored status 'sent': every recipient queued). */
function campaign(counts: { queued: number; sent: number; failed: number }) {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    version: 2,
    status: 'sent',
    subject: text('Novidades'),
    body: text('<p>Olá</p>'),
    missingLanguages: [],
    counts: { total: 1, unsubscribed: 0, ...counts },
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:05:00.000Z',
    sendStartedAt: '2026-03-01T10:05:00.000Z',
    sentAt: '2026-03-01T10:05:01.000Z',
  };
}

function serve(item: ReturnType<typeof campaign>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/newsletter/campaigns/')) return Response.json(item);
      if (url.includes('/newsletter/campaigns')) return Response.json([item]);
      return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

async function statusShown(language: 'pt' | 'en' | 'fr' = 'en') {
  renderWithApp(<AdminNewsletterPage />, { language });
  fireEvent.click(screen.getByTestId('tab-campaigns'));
  const row = await screen.findByTestId('campaign-row');
  return within(row).getByTestId('campaign-status').textContent;
}

describe('a campaign whose mails are queued but not yet sent', () => {
  it.each([
    ['en', 'Queued, being delivered'],
    ['pt', 'Na fila, em entrega'],
    ['fr', 'En file, en cours de remise'],
  ] as const)('%s: reads "%s", not "Sent", while 1 of 1 is queued and 0 sent', async (language, label) => {
    serve(campaign({ queued: 1, sent: 0, failed: 0 }));
    expect(await statusShown(language)).toBe(label);
  });

  it.each([
    { queued: 1, sent: 1, failed: 0 },
    { queued: 2, sent: 1, failed: 1 },
  ])(
    'reads "Sent" once the mail server took every queued mail (sent or failed for good): %o',
    async (counts) => {
      serve(campaign(counts));
      expect(await statusShown()).toBe('Sent');
    },
  );

  it('does not say when it was sent while it is still being delivered', async () => {
    serve(campaign({ queued: 1, sent: 0, failed: 0 }));
    renderWithApp(<AdminNewsletterPage />);
    fireEvent.click(screen.getByTestId('tab-campaigns'));
    fireEvent.click(await screen.findByTestId('campaign-open'));
    const panel = await screen.findByTestId('campaign-send');
    expect(panel.textContent).toContain('Progress: 1 of 1 queued for sending');
    expect(panel.textContent).not.toContain('Sent on');
  });
});
