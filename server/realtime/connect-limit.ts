/**
 * How often one address may open a socket to the local realtime emulator: at most `perWindow`
 * connections in any `windowMs` (a sliding window). A firebase client reconnects with a growing
 * delay, so a real phone stays far below it; a script reconnecting in a loop is refused.
 */
export class ConnectLimit {
  private readonly recent = new Map<string, number[]>();
  private admitted = 0;

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a connection attempt from `address`; false when it is over the limit. */
  admit(address: string): boolean {
    const now = this.now();
    const since = now - this.windowMs;
    this.admitted += 1;
    if (this.admitted % 1_000 === 0) this.forgetIdle(since);
    const times = (this.recent.get(address) ?? []).filter((time) => time > since);
    if (times.length >= this.perWindow) {
      this.recent.set(address, times);
      return false;
    }
    times.push(now);
    this.recent.set(address, times);
    return true;
  }

  /** Addresses with no connection in the window are dropped, so the map stays as small as the traffic. */
  private forgetIdle(since: number): void {
    for (const [address, times] of this.recent) {
      if ((times.at(-1) ?? 0) <= since) this.recent.delete(address);
    }
  }
}
