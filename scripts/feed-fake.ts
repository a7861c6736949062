/**
 * `npm run feed:fake`: the fake BC Ferries document and AIS stream on one port (FAKE_FEED_PORT,
 * default 8090), showing a recorded day rebased onto today. Point Deckhand at it with
 *   FEED_SOURCE=bcferries,ais BCFERRIES_API_URL=http://127.0.0.1:8090 AIS_STREAM_URL=ws://127.0.0.1:8090 npm start
 * FAKE_FEED_FIXTURE picks the fixture (tests/fixtures/bcferries/<name>.json, default "day"; the
 * documents generated from real pages, such as "real-tsa-swb", play as if their capture were now);
 * FAKE_FEED_PLAY_AT ("2:00 pm") plays the day as if it were that time now (the full and cancelled
 * sailings of the afternoon then lie ahead whatever the hour).
 * `npm run feed:fake -- --replay FILE` plays back a capture written by `npm run feed:record`.
 */
import { readCapture, startFakeFeed } from '../tests/fixtures/fake-feed/fake-feed-server';

const replayAt = process.argv.indexOf('--replay');
const replayFile = replayAt >= 0 ? process.argv[replayAt + 1] : undefined;
if (replayAt >= 0 && !replayFile)
  throw new Error('--replay needs the capture file: npm run feed:fake -- --replay FILE');
const replay = replayFile ? readCapture(replayFile) : undefined;

const port = Number(process.env.FAKE_FEED_PORT ?? 8090);
const feed = await startFakeFeed({
  port,
  host: process.env.FAKE_FEED_HOST ?? '127.0.0.1',
  fixture: process.env.FAKE_FEED_FIXTURE ?? 'day',
  playAt: process.env.FAKE_FEED_PLAY_AT || undefined,
  replay,
});
if (replay) {
  const documents = replay.filter((e) => e.kind === 'bcferries').length;
  const messages = replay.filter((e) => e.kind === 'ais').length;
  console.log(
    `Replaying ${replayFile}: ${documents} documents and ${messages} AIS messages from the first client's contact`,
  );
} else if (feed.shiftMinutes) console.log(`Every recorded time moved by ${feed.shiftMinutes} min`);
console.log(`Fake ferry feed on ${feed.url} (BC Ferries document at ${feed.url}/v2/, AIS stream at ${feed.aisUrl})`);
console.log(
  `Faults: curl -X PUT ${feed.url}/__fake/bcferries -d '{"fixture":"down"}' (or {"fault":"hang"|"huge"|"garbage"|"error"|null}), ${feed.url}/__fake/ais -d '{"fault":"flood"|"huge"|"garbage"|"silent"|null}'`,
);
const stop = () => void feed.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
