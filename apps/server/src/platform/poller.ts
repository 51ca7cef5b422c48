/**
 * A background task run every `pollIntervalMs` (the mail outbox, the jobs, the newsletter's campaigns), one run at a
 * time: a run the timer starts and a run a caller asks for (`serial`, tests' runOnce) queue behind each other.
 * `stop()` stops the timer and waits for the run in progress; a run's loop reads `stopping` to end early.
 */
export function createPoller(options: {
  pollIntervalMs: number;
  /** What the timer runs. */
  tick: () => Promise<unknown>;
  /** A run that failed as a whole (its own steps log their failures). */
  onError: (error: unknown) => void;
}) {
  const { pollIntervalMs, tick, onError } = options;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;
  // Runs one after another, whoever started them.
  let chain: Promise<unknown> = Promise.resolve();

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      timer = null;
      serial(tick)
        .catch(onError)
        .finally(() => {
          // A stop() and start() during this run already scheduled the next one.
          if (started && timer === null) schedule(pollIntervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    /** Runs the task now, then every pollIntervalMs until stop(). */
    start(): void {
      if (started) return;
      started = true;
      schedule(0);
    },
    /** Stops the timer and waits for the run in progress; what that run leaves is for the next start. */
    async stop(): Promise<void> {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      stopping = true;
      try {
        await chain;
      } finally {
        stopping = false;
      }
    },
    serial,
    /** True while stop() waits: a run's loop ends after its current step. */
    get stopping(): boolean {
      return stopping;
    },
  };
}
