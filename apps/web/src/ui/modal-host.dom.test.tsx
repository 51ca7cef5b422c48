import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render.tsx';
import { confirmAction } from './confirm.tsx';
import { ModalHost } from './modal-host.tsx';

/** A page whose Submit asks for confirmation and, once submitted, is replaced by what was done. */
function SubmitPage() {
  const [sent, setSent] = useState(false);
  return (
    <main id="main">
      {sent ? (
        <p>Sent</p>
      ) : (
        <button
          type="button"
          onClick={() =>
            confirmAction({
              title: 'Send it?',
              message: 'It cannot be changed afterwards.',
              confirmLabel: 'Send',
              onConfirm: async () => setSent(true),
            })
          }
        >
          Submit
        </button>
      )}
    </main>
  );
}

function openFromKeyboard(): void {
  const submit = screen.getByRole('button', { name: 'Submit' });
  submit.focus();
  fireEvent.click(submit);
}

describe('the focus when the modal closes', () => {
  it('goes to the main region when the control that opened the modal is gone, not to nowhere', async () => {
    renderWithApp(
      <>
        <SubmitPage />
        <ModalHost />
      </>,
    );
    openFromKeyboard();
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await screen.findByText('Sent');
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
    // Focusable by script, not a stop of the Tab order.
    expect(document.getElementById('main')?.getAttribute('tabindex')).toBe('-1');
  });

  it('goes back to the control that opened it when it is still there', async () => {
    renderWithApp(
      <>
        <SubmitPage />
        <ModalHost />
      </>,
    );
    openFromKeyboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-button')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit' })));
    expect(document.getElementById('main')?.hasAttribute('tabindex')).toBe(false);
  });
});
