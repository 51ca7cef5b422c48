/**
 * A background pass that runs one at a time: `run()` starts `pass` unless one is running, in which case that one
 * goes round once more when it ends (so what changed meanwhile is seen); `idle()` resolves once none runs (the
 * server closing, a test emptying the database). A failed pass is reported to `onError` and ends that run.
 */
export function singleFlight(pass: () => Promise<void>, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (error) {
        onError(error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function idle(): Promise<void> {
    while (running) await running;
  }

  return { run, idle };
}
