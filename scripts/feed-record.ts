/**
 * `npm run feed:record [-- FILE]`: records what the configured ferry sources send, with the same
 * variables the server reads (BCFERRIES_API_URL, BCFERRIES_POLL_S, AIS_STREAM_URL, AIS_API_KEY and
 * their defaults, server/config.ts), to FILE (default var/feed-capture-<time>.jsonl), one JSON value
 * a line, until Ctrl-C. Play it back with `npm run feed:fake -- --replay FILE`. The capture holds
 * the documents and AIS frames as received, never the key.
 */
import fs from 'node:fs';
import path from 'node:path';

import { loadConfig } from '../server/config';
import { startRecorder } from '../tests/fixtures/fake-feed/feed-recorder';

const config = loadConfig(process.env);
const out = process.argv[2] ?? path.join('var', `feed-capture-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
let documents = 0;
let messages = 0;
const recorder = startRecorder({
  bcferriesUrl: config.BCFERRIES_API_URL,
  aisUrl: config.AIS_API_KEY || process.env.AIS_STREAM_URL ? config.AIS_STREAM_URL : undefined,
  aisApiKey: config.AIS_API_KEY ?? '',
  pollMs: config.BCFERRIES_POLL_S * 1000,
  out,
  onEntry: (entry) => {
    if (entry.kind === 'bcferries') {
      documents += 1;
      console.log(
        `${entry.at} BC Ferries: ${'error' in entry ? entry.error : `HTTP ${entry.status}, ${entry.body.length} bytes`}`,
      );
    } else if (entry.kind === 'ais') messages += 1;
    else if (entry.kind === 'ais-closed') console.log(`${entry.at} AIS stream closed (${entry.code} ${entry.reason})`);
  },
});
console.log(
  `Recording ${config.BCFERRIES_API_URL}/v2/ every ${config.BCFERRIES_POLL_S} s` +
    (config.AIS_API_KEY || process.env.AIS_STREAM_URL
      ? ` and ${config.AIS_STREAM_URL}`
      : ' (neither AIS_API_KEY nor AIS_STREAM_URL set: no AIS stream)') +
    ` to ${out}; Ctrl-C stops.`,
);
const stop = () =>
  void recorder.stop().then(() => {
    console.log(`${documents} documents and ${messages} AIS messages in ${out}`);
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
