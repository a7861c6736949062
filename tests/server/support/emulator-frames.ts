/**
 * Frames for the realtime emulator: fourteen single frames that each ended firebase-server's process
 * before frames were read first (the three the outside probe named among them), what a real firebase
 * client sends, and a socket helper.
 */
import WebSocket from 'ws';

export const KILLER_FRAMES: readonly string[] = [
  '{"t":"d","d":{}}',
  '{"t":"d"}',
  '{"t":"d","d":{"a":"q","r":7,"b":null}}',
  '{"t":"d","d":null}',
  '{"t":"d","d":{"a":"q","r":1}}',
  '{"t":"d","d":{"a":"q","r":1,"b":{"p":5}}}',
  '{"t":"d","d":{"a":"q","r":1,"b":{"p":{"x":1}}}}',
  '{"t":"d","d":{"a":"q","r":1,"b":{"p":"queue_data/a.b"}}}',
  '{"t":"d","d":{"a":"l","r":1,"b":{"p":"/queue_data/$x"}}}',
  '{"t":"d","d":{"a":"q","r":1,"b":{"p":"/queue_data/a\\u0000b"}}}',
  '{"t":"d","d":{"a":"p","r":1,"b":{"p":"/x#","d":1}}}',
  '{"t":"d","d":{"a":"m","r":1,"b":{"p":"/queue_data","d":5}}}',
  '{"t":"d","d":{"a":"p","r":1,"b":{"p":"/queue_data/q","d":[]}}}'.replace(
    '[]',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
  ),
  '{"t":"d","d":{"b":{"p":"[x]"}}}',
];

/** A listen on a readable node, as firebase@12 sends it. */
export const LISTEN_FRAME = '{"t":"d","d":{"r":1,"a":"q","b":{"p":"/queue_data","h":""}}}';

export function emulatorUrl(port: number): string {
  return `ws://127.0.0.1:${port}/.ws?v=5&ns=deckhand-local`;
}

export interface SentFrame {
  /** The close code if the emulator closed the socket, else undefined (still open after the wait). */
  closeCode: number | undefined;
  /** Messages the emulator sent after its hello. */
  replies: string[];
}

/** Opens a socket, sends `frames`, waits for a close or `waitMs`, and reports what came back. */
export async function sendFrames(port: number, frames: readonly string[], waitMs = 500): Promise<SentFrame> {
  const socket = new WebSocket(emulatorUrl(port));
  const replies: string[] = [];
  socket.on('message', (data) => replies.push(data.toString()));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  for (const frame of frames) socket.send(frame);
  const closeCode = await Promise.race([
    closed,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs)),
  ]);
  socket.terminate();
  return { closeCode, replies: replies.filter((reply) => !reply.includes('"t":"h"') && !/^\d+$/.test(reply)) };
}
