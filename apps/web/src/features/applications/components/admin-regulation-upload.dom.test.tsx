import type { Language } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RegulationUpload } from './admin-regulation-upload.tsx';

describe("the regulation upload's size limit", () => {
  it.each([
    ['pt', 'Um ficheiro PDF, até 10 MB. O público abre-o na página das candidaturas.'],
    ['en', 'A PDF file, up to 10 MB. Visitors open it from the applications page.'],
    ['fr', 'Un fichier PDF, jusqu’à 10 Mo. Le public l’ouvre depuis la page des candidatures.'],
  ] as const)('%s: is written in the language\'s units ("%s")', (language: Language, text) => {
    renderWithApp(<RegulationUpload edition={DEMO_EDITION} onUploaded={() => undefined} />, { language });
    expect(screen.getByText(text)).toBeTruthy();
  });
});
