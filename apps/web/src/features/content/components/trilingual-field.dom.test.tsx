import { useForm } from '@mantine/form';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import type { Trilingual } from './content-values.ts';
import { MissingLanguages, TrilingualField } from './trilingual-field.tsx';

function TitleForm({ initial }: { initial: Trilingual }) {
  const form = useForm({ mode: 'controlled', initialValues: { title: initial } });
  return <TrilingualField form={form} path="title" label="Title" />;
}

describe('TrilingualField', () => {
  it('shows pt, en and fr each under its own name and marks the empty ones Missing until typed in', () => {
    renderWithApp(<TitleForm initial={{ pt: 'Prémio 2026', en: '', fr: '' }} />);
    const field = screen.getByTestId('trilingual-title');
    expect(within(field).getByText('Português')).toBeTruthy();
    expect(within(field).getByText('English')).toBeTruthy();
    expect(within(field).getByText('Français')).toBeTruthy();
    expect(screen.queryByTestId('missing-pt')).toBeNull();
    expect(screen.getByTestId('missing-en').textContent).toBe('Missing');
    expect(screen.getByTestId('missing-fr').textContent).toBe('Missing');

    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Award 2026' } });
    expect(screen.queryByTestId('missing-en')).toBeNull();
    expect(screen.getByTestId('missing-fr')).toBeTruthy();

    // Blanks alone are no text.
    fireEvent.change(screen.getByLabelText('Title (Português)'), { target: { value: '   ' } });
    expect(screen.getByTestId('missing-pt')).toBeTruthy();
  });

  it('says the mark in the language of the page', () => {
    renderWithApp(<TitleForm initial={{ pt: 'Prémio', en: '', fr: 'Prix' }} />, { language: 'pt' });
    expect(screen.getByTestId('missing-en').textContent).toBe('Em falta');
  });
});

describe('MissingLanguages', () => {
  it('names each missing language of a list row, or says the item is complete', () => {
    const first = renderWithApp(<MissingLanguages missing={['en', 'fr']} />);
    expect(screen.getByLabelText('Text missing: English').textContent).toBe('EN');
    expect(screen.getByLabelText('Text missing: Français').textContent).toBe('FR');
    first.unmount();
    renderWithApp(<MissingLanguages missing={[]} />);
    expect(screen.getByText('Complete')).toBeTruthy();
  });
});

function CaptionForm({ initial }: { initial: Trilingual }) {
  const form = useForm({ mode: 'controlled', initialValues: { caption: initial } });
  return <TrilingualField form={form} path="caption" label="Caption" required={false} />;
}

describe('TrilingualField, optional', () => {
  it('marks nothing while an optional text is empty in every language, and the others once one is written', () => {
    renderWithApp(<CaptionForm initial={{ pt: '', en: '', fr: '' }} />);
    expect(screen.queryByTestId('missing-pt')).toBeNull();
    expect(screen.queryByTestId('missing-en')).toBeNull();
    fireEvent.change(screen.getByLabelText('Caption (English)'), { target: { value: 'The ceremony' } });
    expect(screen.getByTestId('missing-pt')).toBeTruthy();
    expect(screen.getByTestId('missing-fr')).toBeTruthy();
    expect(screen.queryByTestId('missing-en')).toBeNull();
  });
});
