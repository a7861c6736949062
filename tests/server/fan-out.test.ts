/**
 * /ws fan-out (server/realtime/fan-out.ts): the messages of one feed change reach every socket in
 * one write; a socket that has fallen behind skips messages and gets the latest of every stream
 * once drained; a stalled or closed one is dropped.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';

import { createFanOut, textFrame, WS_MAX_BUFFERED_BYTES, WS_SKIP_BUFFERED_BYTES } from '../../server/realtime/fan-out';

/** The text messages in `bytes`, read as a WebSocket client reads unmasked frames. */
function messagesIn(bytes: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    expect(bytes[at]).toBe(0x81);
    let length = bytes[at + 1]!;
    let header = 2;
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(at + 2));
      header = 10;
    }
    out.push(bytes.subarray(at + header, at + header + length).toString());
    at += header + length;
  }
  return out;
}

function fakeSocket() {
  const writes: Buffer[] = [];
  const state = { readyState: 1, OPEN: 1, bufferedAmount: 0, terminated: false };
  const socket = Object.assign(state, {
    send: () => {
      throw new Error('fan-out writes to the connection');
    },
    terminate: () => {
      state.terminated = true;
    },
  }) as unknown as WebSocket & typeof state;
  const connection = { write: (b: Buffer) => void writes.push(Buffer.from(b)) } as unknown as Socket;
  return { socket, connection, writes, received: () => writes.flatMap(messagesIn) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const msg = (text: string) => Buffer.from(text);

describe('textFrame', () => {
  it.each([5, 200, 70_000])('frames a %i-byte text whole, readable by a client', (size) => {
    const text = 'x'.repeat(size);
    expect(messagesIn(textFrame(msg(text)))).toEqual([text]);
  });
});

describe('createFanOut', () => {
  it('writes the messages of one change to each socket in one write, in the order they were broadcast', async () => {
    const fanOut = createFanOut();
    const clients = [fakeSocket(), fakeSocket(), fakeSocket()];
    for (const c of clients) fanOut.add(c.socket, c.connection);
    fanOut.broadcast('ferries', msg('{"type":"ferry_update"}'));
    fanOut.broadcast('sailings', msg('{"type":"sailings"}'));
    fanOut.broadcast('vessels', msg('{"type":"vessels"}'));
    await turn();
    for (const c of clients) {
      expect(c.writes).toHaveLength(1);
      expect(c.received()).toEqual(['{"type":"ferry_update"}', '{"type":"sailings"}', '{"type":"vessels"}']);
    }
    // Every socket gets the very same bytes: nothing is made per socket.
    expect(clients[1]!.writes[0]).toEqual(clients[0]!.writes[0]);
  });

  it('skips a socket that has fallen behind, and once it has drained sends it the latest of every stream, not what it missed', async () => {
    const fanOut = createFanOut();
    const slow = fakeSocket();
    const fast = fakeSocket();
    fanOut.add(slow.socket, slow.connection);
    fanOut.add(fast.socket, fast.connection);

    slow.socket.bufferedAmount = WS_SKIP_BUFFERED_BYTES + 1;
    fanOut.broadcast('ferries', msg('ferries 1'));
    fanOut.broadcast('sailings', msg('sailings 1'));
    await turn();
    fanOut.broadcast('ferries', msg('ferries 2'));
    await turn();
    expect(slow.writes).toHaveLength(0);
    expect(slow.socket.terminated).toBe(false);
    expect(fast.received()).toEqual(['ferries 1', 'sailings 1', 'ferries 2']);

    slow.socket.bufferedAmount = 0;
    fanOut.broadcast('vessels', msg('vessels 1'));
    await turn();
    expect(slow.writes).toHaveLength(1);
    expect(slow.received().sort()).toEqual(['ferries 2', 'sailings 1', 'vessels 1']);

    fanOut.broadcast('ferries', msg('ferries 3'));
    await turn();
    expect(slow.received().slice(3)).toEqual(['ferries 3']);
  });

  it('sends a socket that skipped a change the whole state of that stream, and the others only the change', async () => {
    const fanOut = createFanOut();
    const slow = fakeSocket();
    const fast = fakeSocket();
    fanOut.add(slow.socket, slow.connection);
    fanOut.add(fast.socket, fast.connection);
    let states = 0;
    const state = () => {
      states += 1;
      return msg('sailings snapshot 2');
    };

    slow.socket.bufferedAmount = WS_SKIP_BUFFERED_BYTES + 1;
    fanOut.broadcast('sailings', msg('sailings change 1'), state);
    await turn();
    fanOut.broadcast('sailings', msg('sailings change 2'), state);
    await turn();
    expect(fast.received()).toEqual(['sailings change 1', 'sailings change 2']);
    expect(states).toBe(0);

    slow.socket.bufferedAmount = 0;
    fanOut.catchUp();
    expect(slow.received()).toEqual(['sailings snapshot 2']);
    expect(states).toBe(1);
  });

  it('catches up a drained socket on the ping round, when no change comes', async () => {
    const fanOut = createFanOut();
    const slow = fakeSocket();
    fanOut.add(slow.socket, slow.connection);
    slow.socket.bufferedAmount = WS_SKIP_BUFFERED_BYTES + 1;
    fanOut.broadcast('ferries', msg('ferries 1'));
    await turn();
    fanOut.catchUp();
    expect(slow.writes).toHaveLength(0);
    slow.socket.bufferedAmount = 10;
    fanOut.catchUp();
    expect(slow.received()).toEqual(['ferries 1']);
    fanOut.catchUp();
    expect(slow.writes).toHaveLength(1);
  });

  it('drops a stalled socket and a closed one, and says so', async () => {
    const dropped: WebSocket[] = [];
    const fanOut = createFanOut({ onDrop: (s) => dropped.push(s) });
    const stalled = fakeSocket();
    const closed = fakeSocket();
    const fine = fakeSocket();
    for (const c of [stalled, closed, fine]) fanOut.add(c.socket, c.connection);
    stalled.socket.bufferedAmount = WS_MAX_BUFFERED_BYTES + 1;
    closed.socket.readyState = 3;
    fanOut.broadcast('ferries', msg('ferries 1'));
    await turn();
    expect(stalled.socket.terminated).toBe(true);
    expect(closed.socket.terminated).toBe(true);
    expect(dropped).toEqual([stalled.socket, closed.socket]);
    expect(fanOut.size).toBe(1);
    expect(fine.received()).toEqual(['ferries 1']);
  });
});
