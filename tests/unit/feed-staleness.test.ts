import { describe, expect, it } from 'vitest';

import { documentStaleSince, OVERDUE_FUTURE_MINUTES } from '@/domain/feed-staleness';

const at = (hhmm: string) => Date.parse(`2026-07-10T${hhmm}:00-07:00`);
const minutes = (n: number) => n * 60_000;

describe('documentStaleSince (a BC Ferries document that has stopped being updated)', () => {
  it('is live while every future row is within its allowance', () => {
    const history = { futureDepartures: [at('15:40'), at('18:00')], unchangedSince: at('15:20'), changeSeen: true };
    expect(documentStaleSince(history, at('15:50'))).toBeNull();
    expect(documentStaleSince(history, at('15:40') + minutes(OVERDUE_FUTURE_MINUTES) - 1)).toBeNull();
  });

  it('is stale once a future row is well past its time and the document has not changed since: since the last change seen', () => {
    const history = { futureDepartures: [at('15:40'), at('18:00')], unchangedSince: at('15:20'), changeSeen: true };
    expect(documentStaleSince(history, at('15:40') + minutes(OVERDUE_FUTURE_MINUTES))).toBe(at('15:20'));
    expect(documentStaleSince(history, at('21:00'))).toBe(at('15:20'));
  });

  it('is live when the document changed after the row should have turned (a very late sailing, a running scraper)', () => {
    const history = { futureDepartures: [at('15:40')], unchangedSince: at('16:45'), changeSeen: true };
    expect(documentStaleSince(history, at('17:30'))).toBeNull();
  });

  it('a document already stale at the first reading (yesterday rows at start): since the overdue row at the latest', () => {
    const history = { futureDepartures: [at('07:00'), at('09:00')], unchangedSince: at('10:15'), changeSeen: false };
    expect(documentStaleSince(history, at('10:15'))).toBe(at('07:00'));
  });

  it('a document with no future rows (the night, all past or cancelled) is never called stale', () => {
    expect(
      documentStaleSince({ futureDepartures: [], unchangedSince: at('01:00'), changeSeen: true }, at('06:00')),
    ).toBeNull();
  });

  it("yesterday's document served again in the morning: a sailing listed as left at a time still ahead", () => {
    const history = {
      futureDepartures: [at('21:00')],
      leftDepartures: [at('06:20'), at('15:40')],
      unchangedSince: at('08:00'),
      changeSeen: false,
    };
    expect(documentStaleSince(history, at('09:00'))).toBe(at('08:00'));
    expect(documentStaleSince({ ...history, leftDepartures: [at('06:20'), at('09:05')] }, at('09:00'))).toBeNull();
  });
});
