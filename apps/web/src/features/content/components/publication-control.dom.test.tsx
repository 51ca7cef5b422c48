import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { type Publication, PublicationControl, publicationProblem } from './publication-control.tsx';

let last: Publication | null = null;

function Harness({ initial }: { initial: Publication }) {
  const [value, setValue] = useState(initial);
  const problem = publicationProblem(value, new Date('2026-11-25T10:00:00Z'));
  return (
    <PublicationControl
      value={value}
      onChange={(next) => {
        last = next;
        setValue(next);
      }}
      error={problem}
    />
  );
}

describe('PublicationControl', () => {
  it('asks for the date and time once Scheduled is chosen, and refuses an empty one', async () => {
    renderWithApp(<Harness initial={{ status: 'draft', publishedAt: null }} />);
    expect(screen.queryByTestId('publication-date')).toBeNull();
    expect(screen.getByText('A draft does not appear on the site.')).toBeTruthy();

    fireEvent.click(screen.getByText('Scheduled'));
    expect(last).toEqual({ status: 'scheduled', publishedAt: null });
    expect(screen.getByLabelText(/Publish on/)).toBeTruthy();
    expect(screen.getByText('Enter the publication date and time')).toBeTruthy();

    // Picked day first on Cabo Verde's clock: 1 December 2026 at 09:30 there is 10:30 UTC.
    fireEvent.click(screen.getByTestId('publication-date'));
    const dialog = await screen.findByRole('dialog');
    const named = (name: string) => {
      const control = dialog.querySelector<HTMLElement>(`[aria-label="${name}"]`);
      if (!control) throw new Error(`no control named ${name}`);
      return control;
    };
    fireEvent.click(named('1 December 2026'));
    fireEvent.change(named('Hours'), { target: { value: '09' } });
    fireEvent.change(named('Minutes'), { target: { value: '30' } });
    fireEvent.click(named('Confirm the date and time'));
    await waitFor(() => expect(last?.publishedAt).toBe('2026-12-01T10:30:00.000Z'));
    expect(last?.status).toBe('scheduled');
    expect(screen.getByTestId('publication-date').textContent).toBe('01/12/2026 09:30');
    expect(screen.queryByText('Enter the publication date and time')).toBeNull();
  });

  it('refuses a scheduled moment already past', () => {
    renderWithApp(<Harness initial={{ status: 'scheduled', publishedAt: '2026-11-01T08:00:00.000Z' }} />);
    expect(screen.getByText('Choose a date in the future')).toBeTruthy();
  });

  it('drops the date when the item goes back to draft', () => {
    renderWithApp(<Harness initial={{ status: 'published', publishedAt: '2026-11-01T08:00:00.000Z' }} />);
    expect(screen.getByLabelText(/Publication date/)).toBeTruthy();
    fireEvent.click(screen.getByText('Draft'));
    expect(last).toEqual({ status: 'draft', publishedAt: null });
    expect(screen.queryByTestId('publication-date')).toBeNull();
  });
});
