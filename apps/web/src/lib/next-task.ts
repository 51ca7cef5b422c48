/**
 * Resolves in a later task of the browser's event loop: what follows runs after the phone has handled input and
 * painted, instead of lengthening the current task (docs/adr/0038). `scheduler.yield()` where the browser has it
 * (it resumes ahead of other waiting tasks), a zero timeout otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
