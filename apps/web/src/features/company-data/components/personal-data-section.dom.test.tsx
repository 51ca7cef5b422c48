import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { PersonalDataSection } from './personal-data-section.tsx';

const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response('{"profile":{}}', {
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="my-data.json"',
        },
      });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('download my data', () => {
  it.each([
    ['pt', 'Transferir os meus dados', 'as empresas a que pertence e o seu papel em cada uma'],
    ['en', 'Download my data', 'the companies you belong to and your role in each'],
    ['fr', 'Télécharger mes données', 'les entreprises dont vous êtes membre et votre rôle dans chacune'],
  ] as const)(
    '%s: says what the file holds and downloads it from GET me/data-export',
    async (language, label, holds) => {
      renderWithApp(<PersonalDataSection />, { language });
      expect(screen.getByTestId('personal-data-contents').textContent).toContain(holds);
      const button = screen.getByTestId('personal-data-download');
      expect(button.textContent).toBe(label);
      fireEvent.click(button);
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]).toMatch(/\/app\/api\/v1\/me\/data-export$/);
    },
  );
});
