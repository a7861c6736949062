/**
 * The server's one clock for terminal wall-clock time: a pinned IANA time-zone database
 * (moment-timezone's packaged tzdata, version in TZDATA_VERSION, pinned exactly in package.json)
 * instead of the ICU data built into Node. Node 20 ships tz 2025c, in which British Columbia still
 * falls back to UTC−8 in November 2026; current browsers carry the newer rule (UTC−7 all year), so
 * the server's "3:40 PM" was the browser's "4:40 PM". Bump the package together with the browsers'
 * data; tests/e2e/one-clock.spec.ts fails when the two disagree.
 *
 * Importing this module installs the offset into src/domain/time.ts, so every formatter there
 * (formatClock, formatTerminalTime, terminalWallClock) uses it on the server. server/app.ts and the
 * feed's calendar import it, so nothing on the server formats time before it is installed.
 */
import moment from 'moment-timezone';

import { setTerminalZoneOffset, TERMINAL_TIME_ZONE, type ZoneOffset } from '@/domain/time';

const zone = moment.tz.zone(TERMINAL_TIME_ZONE);
if (!zone) throw new Error(`The pinned time-zone database has no ${TERMINAL_TIME_ZONE}`);

export const TZDATA_VERSION: string = moment.tz.dataVersion;

/** moment's utcOffset is minutes WEST of UTC (420 for UTC−7); ours is local minus UTC in ms. */
export const pinnedTerminalOffset: ZoneOffset = (epochMs) => -zone.utcOffset(epochMs) * 60_000;

setTerminalZoneOffset(pinnedTerminalOffset);
