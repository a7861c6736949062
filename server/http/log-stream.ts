/**
 * Where the server's log lines go: standard output, written in batches. Every request still gets its
 * one line (./request-log.ts), but a write to stdout per line cost as much as sending the answer;
 * lines are gathered and written together once LOG_BATCH_MS has passed or LOG_BATCH_BYTES have
 * gathered, whichever comes first, and at once when the process exits (also after an uncaught
 * error) or the app closes. A process killed outright (SIGKILL) loses at most its last LOG_BATCH_MS
 * of lines.
 */
import fs from 'node:fs';

export const LOG_BATCH_MS = 100;
export const LOG_BATCH_BYTES = 64 * 1024;

export interface LogStream {
  /** Takes one serialised line (pino calls it). */
  write(line: string): void;
  /** Writes what has gathered, now. */
  flush(): void;
}

/** Writes all of `text` to `fd`, waiting out a full non-blocking pipe (EAGAIN) as pino's own destination does. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += fs.writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

export function createLogStream(options: { fd?: number; write?: (text: string) => void } = {}): LogStream {
  const fd = options.fd ?? 1;
  const write = options.write ?? ((text: string) => writeAll(fd, text));
  let lines: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    size = 0;
    write(text);
  }

  return {
    write(line) {
      lines.push(line);
      size += line.length;
      if (size >= LOG_BATCH_BYTES) flush();
      else if (!timer) {
        timer = setTimeout(flush, LOG_BATCH_MS);
        timer.unref();
      }
    },
    flush,
  };
}

let stdoutLog: LogStream | undefined;

/** The process's one stream to stdout, flushed when the process exits. */
export function stdoutLogStream(): LogStream {
  if (!stdoutLog) {
    const stream = createLogStream();
    process.on('exit', () => stream.flush());
    stdoutLog = stream;
  }
  return stdoutLog;
}
