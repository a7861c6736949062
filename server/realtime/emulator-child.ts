/**
 * Entry of the realtime emulator's own process (started by ./emulator-supervisor.ts). It runs
 * firebase-server on loopback (unless configured otherwise) with frame, connection and reconnect limits, and
 * applies the API server's writes, which arrive over the IPC channel. Anything that goes wrong
 * here ends this process only; the supervisor starts a fresh one and replays the current data.
 */
import { startRtdbEmulator } from './rtdb-emulator';

export interface EmulatorChildOptions {
  port: number;
  host: string;
  rules: object;
  maxFrameBytes: number;
  maxConnections: number;
  connectsPerMinute: number;
}

export type ParentMessage = { type: 'update'; values: Record<string, unknown> };
export type ChildMessage = { type: 'ready'; port: number };

async function run(): Promise<void> {
  const options = JSON.parse(process.env.DECKHAND_EMULATOR_OPTIONS ?? '{}') as EmulatorChildOptions;
  const emulator = await startRtdbEmulator(options);
  process.on('message', (message: ParentMessage) => {
    if (message?.type === 'update') void emulator.update(message.values);
  });
  // The API server gone means nobody writes here any more: stop rather than linger as an orphan.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready', port: emulator.port } satisfies ChildMessage);
}

run().catch((error: unknown) => {
  console.error('realtime emulator failed to start:', error);
  process.exit(1);
});
