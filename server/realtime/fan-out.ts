/**
 * Sending the feed's messages to every open /ws socket with no work per socket beyond one write.
 *
 * The messages of one feed change (ferry_update, sailings, vessels, each serialised once by its
 * caller) are framed once, concatenated once, and written to each socket's connection in a single
 * write: the cost per socket is a syscall, whatever the number of messages. Frames are written to
 * the socket's TCP connection directly, beside ws's own writes; that is safe because ws writes each
 * of its frames at once while per-message compression is off (it is: see `rawConnection`), and a
 * socket is only written while it is open.
 *
 * Backpressure, per socket, by the bytes it has queued (`bufferedAmount`):
 * - above WS_SKIP_BUFFERED_BYTES the socket is behind: it skips messages and, once it has drained,
 *   gets the latest state of every stream at once (a stream sending changes, like the sailings, names
 *   the whole state a skipping socket gets instead of its latest change), at the next broadcast or the
 *   next `catchUp()` (the ping round), so it never keeps a stale list;
 * - above WS_MAX_BUFFERED_BYTES it is dropped (a stalled client; its app reconnects and reads again).
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * A socket with more than this queued skips messages until it has drained: several changes' worth
 * (a change's messages are a few KB; a whole state, sent on connect or after skipping, ~80 KB).
 */
export const WS_SKIP_BUFFERED_BYTES = 256 * 1024;
/** A socket with more than this queued (a stalled client) is dropped instead of buffering more. */
export const WS_MAX_BUFFERED_BYTES = 1024 * 1024;

/** One unfragmented text frame, as a server sends it (unmasked), holding `payload`. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/**
 * The TCP connection under a ws socket, from the upgrade request (`request.raw.socket`), when the
 * server writes frames whole (no per-message compression); otherwise undefined and messages go
 * through ws's `send`.
 */
export function rawConnection(connection: Socket, perMessageDeflate: unknown): Socket | undefined {
  return perMessageDeflate ? undefined : connection;
}

export interface FanOut {
  /** Starts sending broadcasts to `socket`; `connection` is its TCP connection (see rawConnection). */
  add(socket: WebSocket, connection: Socket | undefined): void;
  /** Stops sending to `socket` (it closed). */
  delete(socket: WebSocket): void;
  /** Stops sending to `socket` and ends its connection. */
  drop(socket: WebSocket): void;
  has(socket: WebSocket): boolean;
  readonly size: number;
  sockets(): IterableIterator<WebSocket>;
  /**
   * Sends `message` (a whole JSON text) of `stream` to every socket, together with the other
   * messages broadcast in the same turn of the event loop: one write per socket. When `message` is
   * a change rather than a whole state, `state` gives the whole state a socket that skipped it gets
   * (asked for only when one did).
   */
  broadcast(stream: string, message: Buffer, state?: () => Buffer): void;
  /** Sends the sockets that skipped messages and have drained since the latest of every stream. */
  catchUp(): void;
}

export function createFanOut(opts: { onDrop?: (socket: WebSocket) => void } = {}): FanOut {
  const connections = new Map<WebSocket, Socket | undefined>();
  /** Sockets that skipped a message: they get the latest of every stream once drained. */
  const behind = new Set<WebSocket>();
  /** The latest state of each stream: as sent (for sockets without a raw connection), and framed once asked. */
  const latest = new Map<string, { message: () => Buffer; frame?: Buffer; sent?: Buffer }>();
  let pending: Array<{ stream: string; message: Buffer; state?: () => Buffer }> = [];
  let scheduled = false;
  let latestFrames: Buffer | undefined;

  function drop(socket: WebSocket): void {
    connections.delete(socket);
    behind.delete(socket);
    socket.terminate();
    opts.onDrop?.(socket);
  }

  /** The latest of every stream in one buffer, made once per change of any of them. */
  function allLatest(): Buffer {
    latestFrames ??= Buffer.concat(
      [...latest.values()].map((l) => {
        l.frame ??= textFrame(latestMessage(l));
        return l.frame;
      }),
    );
    return latestFrames;
  }

  function latestMessage(l: { message: () => Buffer; sent?: Buffer }): Buffer {
    l.sent ??= l.message();
    return l.sent;
  }

  function write(socket: WebSocket, connection: Socket | undefined, frames: Buffer, messages: readonly Buffer[]): void {
    if (connection) connection.write(frames);
    else for (const message of messages) socket.send(message, { binary: false });
  }

  /** Whether `socket` may be written now; drops it or marks it behind when not. */
  function ready(socket: WebSocket): boolean {
    if (socket.readyState !== socket.OPEN) {
      drop(socket);
      return false;
    }
    const queued = socket.bufferedAmount;
    if (queued > WS_MAX_BUFFERED_BYTES) {
      drop(socket);
      return false;
    }
    if (queued > WS_SKIP_BUFFERED_BYTES) {
      behind.add(socket);
      return false;
    }
    return true;
  }

  function sendLatest(socket: WebSocket, connection: Socket | undefined): void {
    behind.delete(socket);
    write(socket, connection, allLatest(), [...latest.values()].map(latestMessage));
  }

  function flush(): void {
    scheduled = false;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    const frames = batch.map((m) => textFrame(m.message));
    for (const [i, m] of batch.entries()) {
      latest.set(
        m.stream,
        m.state ? { message: m.state } : { message: () => m.message, frame: frames[i]!, sent: m.message },
      );
    }
    latestFrames = undefined;
    const together = frames.length === 1 ? frames[0]! : Buffer.concat(frames);
    const messages = batch.map((m) => m.message);
    for (const [socket, connection] of connections) {
      if (!ready(socket)) continue;
      if (behind.has(socket)) sendLatest(socket, connection);
      else write(socket, connection, together, messages);
    }
  }

  return {
    add(socket, connection) {
      connections.set(socket, connection);
    },
    delete(socket) {
      connections.delete(socket);
      behind.delete(socket);
    },
    drop,
    has: (socket) => connections.has(socket),
    get size() {
      return connections.size;
    },
    sockets: () => connections.keys(),
    broadcast(stream, message, state) {
      pending.push({ stream, message, state });
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    },
    catchUp() {
      for (const socket of [...behind]) {
        if (!connections.has(socket)) {
          behind.delete(socket);
          continue;
        }
        if (ready(socket)) sendLatest(socket, connections.get(socket));
      }
    },
  };
}
