/**
 * The server process's last line of defence: a promise rejected with nobody to catch it, or an
 * exception thrown out of a timer or socket handler, is logged with its stack and counted, and the
 * process keeps serving. Every poll and stream handler catches its own failures first
 * (server/feed/); this is for what slips past them.
 *
 * After an uncaught exception Node cannot promise that every piece of state is consistent, so the
 * process keeps serving only while such exceptions stay rare: more than `maxUncaught` within
 * `windowMs` exits with code 70 (EX_SOFTWARE) and a log line saying why, and `npm start`
 * (scripts/start.mjs) starts it again. An unhandled rejection never exits: it is a promise nobody
 * awaited, not a half-run handler.
 */

export interface ProcessGuardCounts {
  unhandledRejections: number;
  uncaughtExceptions: number;
  /** The last one's text and when it happened (ISO). */
  last?: { kind: 'unhandledRejection' | 'uncaughtException'; message: string; at: string };
}

export interface ProcessGuardOptions {
  log: (message: string) => void;
  /** Uncaught exceptions tolerated within `windowMs` before the process exits (default 10 a minute). */
  maxUncaught?: number;
  windowMs?: number;
  exit?: (code: number) => void;
  now?: () => number;
}

/** The exit code used when uncaught exceptions come too fast to keep serving (sysexits EX_SOFTWARE). */
export const TOO_MANY_EXCEPTIONS_EXIT_CODE = 70;

const describe = (value: unknown): string =>
  value instanceof Error ? (value.stack ?? `${value.name}: ${value.message}`) : String(value);

export function installProcessGuards(opts: ProcessGuardOptions): {
  counts(): ProcessGuardCounts;
  uninstall(): void;
} {
  const clock = opts.now ?? Date.now;
  const maxUncaught = opts.maxUncaught ?? 10;
  const windowMs = opts.windowMs ?? 60_000;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const counts: ProcessGuardCounts = { unhandledRejections: 0, uncaughtExceptions: 0 };
  let recent: number[] = [];

  const onRejection = (reason: unknown) => {
    counts.unhandledRejections += 1;
    const message = describe(reason);
    counts.last = { kind: 'unhandledRejection', message, at: new Date(clock()).toISOString() };
    opts.log(`unhandled promise rejection (kept serving): ${message}`);
  };
  const onException = (error: unknown) => {
    counts.uncaughtExceptions += 1;
    const message = describe(error);
    const now = clock();
    counts.last = { kind: 'uncaughtException', message, at: new Date(now).toISOString() };
    recent = [...recent.filter((at) => now - at < windowMs), now];
    if (recent.length > maxUncaught) {
      opts.log(
        `uncaught exception, the ${recent.length}th within ${Math.round(windowMs / 1000)} s: exiting with code ${TOO_MANY_EXCEPTIONS_EXIT_CODE} so the server is started afresh: ${message}`,
      );
      exit(TOO_MANY_EXCEPTIONS_EXIT_CODE);
      return;
    }
    opts.log(`uncaught exception (kept serving): ${message}`);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    counts: () => ({ ...counts }),
    uninstall() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
