import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** One modal for the whole app: closing it, outside clicks included, runs the stored after-action. */
export interface ModalRequest {
  title: ReactNode;
  content: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  afterClose?: () => void;
}

interface ModalState {
  opened: boolean;
  request: ModalRequest | null;
  /** What had the focus when the modal was asked for (the control that opened it). */
  opener?: Element | null;
}

let state: ModalState = { opened: false, request: null };
const CLOSED = state;
const listeners = new Set<() => void>();

function setState(next: ModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openModal(request: ModalRequest): void {
  setState({ opened: true, request, opener: document.activeElement });
}

/** Closes the modal and runs its after-action once. */
export function closeModal(): void {
  if (!state.opened) return;
  const afterClose = state.request?.afterClose;
  setState({ opened: false, request: state.request, opener: state.opener ?? null });
  afterClose?.();
}

export function useModalState(): ModalState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // A server-rendered page has no modal open.
    () => CLOSED,
  );
}
