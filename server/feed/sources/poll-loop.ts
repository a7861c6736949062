/**
 * A polled source's loop: `pollOnce` runs one poll at a time (a call while one runs joins it, and
 * a failure goes to `onError`, never to the caller); `start` polls now and then every `pollMs`
 * without keeping the process alive; `stop` ends it.
 */
export function pollLoop(poll: () => Promise<void>, onError: (error: unknown) => void, pollMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  function pollOnce(): Promise<void> {
    polling ??= poll()
      .catch(onError)
      .finally(() => {
        polling = undefined;
      });
    return polling;
  }

  return {
    pollOnce,
    start() {
      if (timer) return;
      void pollOnce();
      timer = setInterval(() => void pollOnce(), pollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
