/**
 * How long a `vi.waitFor` waits for a screen, the device database or a server job to get
 * there: the same allowance as Testing Library's waits (tests/integration/setup.ts). Vitest's default
 * second is too short on a busy 2-core machine, where a Dexie answer and the render it starts can
 * take more, though the app is right; a wait that is met returns at once whatever the allowance.
 */
export const SETTLED = { timeout: 5_000 };
