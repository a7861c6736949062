/**
 * How much slower than the machine the end-to-end limits were set on this host is right now, measured
 * once when Playwright loads its configuration and handed to its workers through the environment.
 *
 * The limits (a test's 60 s, an expectation's 15 s, a poll's 30 s) were set on an idle 2-core machine.
 * The same suite on a slower machine of the same kind, or beside other work, needs the same waits to
 * last longer: nothing in the suite waits on time for its own sake, so a longer limit costs nothing
 * when the page is quick and stops a slow host from failing a correct change. The factor is the
 * larger of two readings: a fixed piece of CPU work timed against the time it takes on the reference
 * machine, and the load average per core. It is clamped to 1..4 (beyond 4× a host is too slow for
 * the suite to say anything useful within CI's time).
 */
import os from 'node:os';

/** Milliseconds the calibration work takes on the reference machine (idle, median of its runs). */
const REFERENCE_CALIBRATION_MS = 65;
const MAX_FACTOR = 4;
const ENV_NAME = 'E2E_HOST_FACTOR';

/** A fixed piece of work like the suite's own: object churn, JSON and string building. */
function calibrationWork(): number {
  let checksum = 0;
  for (let round = 0; round < 120; round += 1) {
    const rows = Array.from({ length: 400 }, (_, i) => ({
      id: `row-${round}-${i}`,
      fill: (i * 7) % 101,
      at: i * 60_000,
    }));
    const text = JSON.stringify(rows);
    checksum += (JSON.parse(text) as unknown[]).length + text.length;
  }
  return checksum;
}

function measureCalibrationMs(): number {
  calibrationWork(); // warms the JIT: the first runs measure the compiler, not the host
  calibrationWork();
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    calibrationWork();
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  return runs[2]!;
}

const clampFactor = (factor: number) => Math.min(MAX_FACTOR, Math.max(1, Math.round(factor * 2) / 2));

function measureFactor(): number {
  const cpu = measureCalibrationMs() / REFERENCE_CALIBRATION_MS;
  const load = os.loadavg()[0]! / Math.max(1, os.availableParallelism());
  return clampFactor(Math.max(cpu, load));
}

/** The host's slowness factor (1 on the reference machine), measured once per Playwright run. */
export function hostFactor(): number {
  const given = Number(process.env[ENV_NAME]);
  if (Number.isFinite(given) && given >= 1) return clampFactor(given);
  const factor = measureFactor();
  process.env[ENV_NAME] = String(factor);
  return factor;
}

/** A limit set on the reference machine, stretched for this host. */
export function onThisHost(ms: number): number {
  return Math.round(ms * hostFactor());
}

/** Only run as a script: prints the calibration time, to set REFERENCE_CALIBRATION_MS from. */
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  console.log(
    `calibration ${measureCalibrationMs().toFixed(1)} ms, load ${os.loadavg()[0]!.toFixed(2)}, factor ${measureFactor()}`,
  );
}
