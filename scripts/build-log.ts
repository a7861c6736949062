import type { LogLevel, RolldownLog } from 'rolldown';

/**
 * The bundler's log, less what is known and harmless: react-router looks for React 19's
 * `useOptimistic` and does without it where it is missing, as in Preact's React layer (docs/DESIGN.md).
 */
export function buildLog(
  level: LogLevel,
  log: RolldownLog,
  handler: (level: LogLevel, log: RolldownLog) => void,
): void {
  if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
  handler(level, log);
}
