/**
 * The clients of bench/ws-broadcast.ts, in their own process: opens `count` sockets on `url`, tells
 * the parent when all have their first lists, and for each broadcast round reports when each socket
 * received its `ferry_update` (epoch ms with sub-ms precision: performance.timeOrigin + now(), one
 * clock for every process on the machine). Run by the bench, not by hand.
 */
import { WebSocket } from 'ws';

const [url = '', countText = '0'] = process.argv.slice(2);
const count = Number(countText);
const BATCH = 100;
const sockets: WebSocket[] = [];
let times: number[] = [];

const send = (message: unknown) => process.send?.(message);

for (let i = 0; i < count; i += BATCH) {
  await Promise.all(
    Array.from({ length: Math.min(BATCH, count - i) }, async () => {
      const socket = new WebSocket(url);
      let greeted: () => void = () => undefined;
      const greeting = new Promise<void>((resolve) => (greeted = resolve));
      socket.on('message', (data: Buffer) => {
        if (data.toString('latin1', 0, 22) === '{"type":"ferry_update"') {
          times.push(performance.timeOrigin + performance.now());
          if (times.length === sockets.length) {
            send({ type: 'round', times });
            times = [];
          }
        } else if (data.toString('latin1', 0, 17) === '{"type":"ferries"') {
          greeted();
        }
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      await greeting;
      sockets.push(socket);
    }),
  );
}
send({ type: 'ready' });
process.on('message', (message: { type: string }) => {
  if (message.type === 'flush') {
    send({ type: 'round', times });
    times = [];
  } else if (message.type === 'stop') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
