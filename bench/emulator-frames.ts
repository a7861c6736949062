/**
 * The realtime emulator against the frames that used to end it: the supervised emulator child on
 * loopback, each of the fourteen single frames (tests/server/support/emulator-frames.ts) sent on its
 * own socket, counting how many ended the child; then 20 s in which one client resends the first
 * of them as fast as it can reconnect while a prober opens a socket every 100 ms, counting how often
 * the emulator was there to answer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

import rules from '../database.rules.json' with { type: 'json' };
import { startSupervisedEmulator } from '../server/realtime/emulator-supervisor';
import { emulatorUrl, KILLER_FRAMES, sendFrames } from '../tests/server/support/emulator-frames';

const emu = await startSupervisedEmulator(
  { port: 0, host: '127.0.0.1', rules, maxFrameBytes: 256 * 1024, maxConnections: 500, connectsPerMinute: 100_000 },
  { info: () => undefined, warn: () => undefined },
);
let killed = 0;
for (const f of KILLER_FRAMES) {
  while (emu.pid() === undefined) await sleep(50);
  const pid = emu.pid();
  await sendFrames(emu.port, [f], 400).catch(() => undefined);
  await sleep(200);
  if (emu.pid() !== pid) killed += 1;
}
console.log(`killed by ${killed} of ${KILLER_FRAMES.length} frames`);
while (emu.pid() === undefined) await sleep(50);
// 20 s: one socket resends the first frame as fast as it can reconnect; a prober samples every 100 ms.
let stop = false;
const attacker = (async () => {
  while (!stop) await sendFrames(emu.port, [KILLER_FRAMES[0]!], 20).catch(() => sleep(20));
})();
/** Whether a socket to the emulator opens within 300 ms. */
function reachable(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = new WebSocket(emulatorUrl(emu.port));
    const timer = setTimeout(() => {
      socket.terminate();
      resolve(false);
    }, 300);
    socket.once('open', () => {
      clearTimeout(timer);
      socket.terminate();
      resolve(true);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}
let up = 0;
let samples = 0;
const end = Date.now() + 20_000;
while (Date.now() < end) {
  samples += 1;
  if (await reachable()) up += 1;
  await sleep(100);
}
stop = true;
await attacker;
console.log(`under a resend loop: reachable in ${up} of ${samples} samples over 20 s; restarts ${emu.restarts()}`);
await emu.close();
