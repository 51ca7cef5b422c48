import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { TestimoniesContentPage } from './testimonies-content-page.tsx';

const ID = '00000000-0000-4000-8000-0000000000a1';
const LIST = '/app/api/v1/content/testimonies';

let posted: Record<string, unknown>[];
let stored: unknown[];

/** What the server answers for a created testimony. */
function itemOf(body: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    ...body,
    id: ID,
    kind: 'testimonies',
    slug: 'maria-silva',
    version: 1,
    isPublic: true,
    missingLanguages: ['en', 'fr'],
    createdAt: now,
    updatedAt: now,
    createdBy: 'Administrador',
    updatedBy: 'Administrador',
    photo: null,
    publishedAt: body.publishedAt ?? now,
  };
}

beforeEach(() => {
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
  posted = [];
  stored = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (url.startsWith(LIST) && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        if (body.company === 'Refused') {
          return Response.json(
            { error: { code: 'validation', key: 'errors:validation', message: 'Dados inválidos.' } },
            { status: 400 },
          );
        }
        const item = itemOf(body);
        stored.push(item);
        return Response.json(item, { status: 201 });
      }
      if (url.startsWith(`${LIST}/${ID}`)) return Response.json(stored[0]);
      if (url.startsWith(LIST)) return Response.json({ items: stored });
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function page() {
  return renderWithApp(
    <>
      <Notifications />
      <TestimoniesContentPage />
    </>,
  );
}

describe('TestimoniesContentPage', () => {
  it('creates a testimony: required fields first, then the POST body, "Created" and the Missing marks', async () => {
    page();
    await screen.findByTestId('table-empty');
    fireEvent.click(screen.getByTestId('content-new'));
    await screen.findByTestId('testimony-editor');

    // Nothing typed: the person and the Portuguese quote are required, and nothing is sent.
    fireEvent.click(screen.getByTestId('content-save'));
    expect(await screen.findAllByText('Mandatory Field')).toHaveLength(2);
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByTestId('testimony-person'), { target: { value: 'Maria Silva' } });
    fireEvent.change(screen.getByTestId('testimony-company'), { target: { value: 'Mercearia Atlântico' } });
    fireEvent.change(screen.getByLabelText('Testimony (Português)'), {
      target: { value: 'O prémio abriu-nos portas.' },
    });
    // The quote lacks en and fr; the role, optional and empty in every language, is not missing.
    expect(screen.getAllByTestId('missing-en')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('content-save'));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      person: 'Maria Silva',
      role: { pt: '', en: '', fr: '' },
      company: 'Mercearia Atlântico',
      quote: { pt: 'O prémio abriu-nos portas.', en: '', fr: '' },
      photo: null,
      order: 0,
      status: 'published',
      publishedAt: null,
    });
    expect(await screen.findByText('Created')).toBeTruthy();
    // The editor now holds the saved testimony, which can be previewed.
    expect(await screen.findByTestId('content-preview-button')).toBeTruthy();
  });

  it("shows the server's translated message when it refuses the testimony", async () => {
    page();
    await screen.findByTestId('table-empty');
    fireEvent.click(screen.getByTestId('content-new'));
    fireEvent.change(await screen.findByTestId('testimony-person'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByTestId('testimony-company'), { target: { value: 'Refused' } });
    fireEvent.change(screen.getByLabelText('Testimony (Português)'), { target: { value: 'Texto.' } });
    fireEvent.click(screen.getByTestId('content-save'));
    expect(await screen.findByText('Dados inválidos.')).toBeTruthy();
    expect(screen.queryByText('Created')).toBeNull();
  });
});
