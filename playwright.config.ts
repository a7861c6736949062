/**
 * End-to-end tests in real Chromium (Debian's, never a downloaded one) against the built app served
 * by the real server on a fresh embedded database.
 */
import { defineConfig, devices } from '@playwright/test';

import { hostFactor } from './tests/e2e/support/host-speed';

const PORT = Number(process.env.E2E_PORT ?? 18080);
/** The first admin's password on the e2e server (the back-office specs sign in with it). */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
/**
 * The limits below were set on an idle 2-core machine; a slower or busier host gets them stretched
 * (tests/e2e/support/host-speed.ts). `E2E_HOST_FACTOR` sets the factor instead of measuring it.
 */
const HOST_FACTOR = hostFactor();
const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two workers on a slow host too: with both cores kept busy by `stress-ng --cpu 2`, four specs
  // took 214 and 190 s with two workers against 241 and 242 s with one (runs interleaved).
  workers: 2,
  // On CI one retry: a test that passes only on its second run is still listed as flaky in the
  // report, and a host that stalls for a minute does not throw away the whole run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000 * HOST_FACTOR,
  expect: { timeout: 15_000 * HOST_FACTOR },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    serviceWorkers: 'allow',
    // A trace only for a test's retry: recording one films every frame of every test (screenshots
    // and DOM snapshots), which made three specs a fifth slower on a 2-core host (332 s against 273
    // s, 2 workers). A test that fails once on CI runs again with its trace; locally add --trace on.
    trace: 'on-first-retry',
    launchOptions,
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions },
      testIgnore: /desktop\.spec\.ts/,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', launchOptions },
      testMatch: /desktop\.spec\.ts/,
    },
  ],
  // One migrated database for the run, which the specs that start a server of their own copy.
  globalSetup: './tests/e2e/support/database-template.ts',
  webServer: {
    command: 'rm -rf var/e2e && node --import tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000 * HOST_FACTOR,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'var/e2e',
      FIREBASE_EMULATOR_PORT: '0',
      FEED_TICK_MS: '1000',
      // The e2e machines have no network: the simulated world, pinned (FEED_SOURCE's default, auto,
      // would try BC Ferries first). tests/e2e/support/real-feed.ts runs its own server on the fake feed.
      FEED_SOURCE: 'simulator',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_INITIAL_PASSWORD: E2E_ADMIN_PASSWORD,
      // Every test's browser is 127.0.0.1: two workers of phones, polling dashboards and service
      // workers pass the per-address limit meant for one client (600 a minute), and a 429 then
      // reads as a broken screen. The limit itself is tested in tests/server.
      RATE_LIMIT_PER_CLIENT: '60000',
      // The same for sockets to the realtime emulator (60 a minute per address).
      FIREBASE_EMULATOR_CONNECTS_PER_MINUTE: '60000',
    },
  },
});
