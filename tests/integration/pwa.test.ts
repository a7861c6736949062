/**
 * src/lib/pwa.ts against a mocked navigator.serviceWorker: how the page asks the worker to flush the
 * outbox (Background Sync, else a FLUSH_OUTBOX message, else nothing), the update prompt, and the
 * forwarding of the worker's outbox-flushed messages to the window.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { OUTBOX_SYNC_TAG } from '@/domain/constants';
import { OUTBOX_FLUSHED_EVENT } from '@/lib/sw-messages';

import { SETTLED } from '../kit/settled';

const workbox = vi.hoisted(() => {
  type Listener = (event: unknown) => void;
  class FakeWorkbox {
    static instances: FakeWorkbox[] = [];
    readonly listeners = new Map<string, Listener[]>();
    readonly register = vi.fn(async () => undefined);
    readonly messageSkipWaiting = vi.fn();
    constructor(
      readonly url: string,
      readonly options: unknown,
    ) {
      FakeWorkbox.instances.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener({ type });
    }
  }
  return { FakeWorkbox };
});

const toastMock = vi.hoisted(() => ({ toast: vi.fn() }));

vi.mock('workbox-window', () => ({ Workbox: workbox.FakeWorkbox }));
vi.mock('sonner', () => ({ toast: toastMock.toast }));

const { registerServiceWorker, requestBackgroundSync } = await import('@/lib/pwa');

interface FakeWorker {
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeRegistration(options: { active?: boolean; sync?: 'ok' | 'rejects' | 'missing' }) {
  const active: FakeWorker | null = options.active === false ? null : { postMessage: vi.fn() };
  const register =
    options.sync === 'rejects'
      ? vi.fn(async () => {
          throw new DOMException('Background Sync is disabled', 'NotAllowedError');
        })
      : vi.fn(async () => undefined);
  const registration: Record<string, unknown> = { active };
  if (options.sync !== 'missing') registration.sync = { register };
  return { registration, active, register };
}

function installServiceWorker(getRegistration: () => Promise<unknown>) {
  const container = Object.assign(new EventTarget(), {
    getRegistration: vi.fn(getRegistration),
    startMessages: vi.fn(),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  workbox.FakeWorkbox.instances.length = 0;
  toastMock.toast.mockReset();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('requestBackgroundSync', () => {
  it('answers false where the browser has no service workers', async () => {
    expect('serviceWorker' in navigator).toBe(false);
    await expect(requestBackgroundSync()).resolves.toBe(false);
  });

  it('answers false when no worker is registered yet', async () => {
    installServiceWorker(async () => undefined);
    await expect(requestBackgroundSync()).resolves.toBe(false);
  });

  it('answers false when looking up the registration fails', async () => {
    installServiceWorker(async () => {
      throw new DOMException('insecure context', 'SecurityError');
    });
    await expect(requestBackgroundSync()).resolves.toBe(false);
  });

  it('answers false while the registered worker is not active yet', async () => {
    const { registration, register } = fakeRegistration({ active: false });
    installServiceWorker(async () => registration);
    await expect(requestBackgroundSync()).resolves.toBe(false);
    expect(register).not.toHaveBeenCalled();
  });

  it('registers the outbox Background Sync tag where Background Sync exists', async () => {
    const { registration, register, active } = fakeRegistration({ sync: 'ok' });
    installServiceWorker(async () => registration);
    await expect(requestBackgroundSync()).resolves.toBe(true);
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    expect(active?.postMessage).not.toHaveBeenCalled();
  });

  it('asks the active worker to flush where Background Sync is missing', async () => {
    const { registration, active } = fakeRegistration({ sync: 'missing' });
    installServiceWorker(async () => registration);
    await expect(requestBackgroundSync()).resolves.toBe(true);
    expect(active?.postMessage).toHaveBeenCalledWith({ type: 'FLUSH_OUTBOX' });
  });

  it('falls back to asking the worker when Background Sync refuses the registration', async () => {
    const { registration, register, active } = fakeRegistration({ sync: 'rejects' });
    installServiceWorker(async () => registration);
    await expect(requestBackgroundSync()).resolves.toBe(true);
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    expect(active?.postMessage).toHaveBeenCalledWith({ type: 'FLUSH_OUTBOX' });
  });
});

describe('registerServiceWorker', () => {
  it('registers nothing in development', async () => {
    vi.stubEnv('DEV', true);
    const container = installServiceWorker(async () => undefined);
    registerServiceWorker();
    await Promise.resolve();
    expect(workbox.FakeWorkbox.instances).toHaveLength(0);
    expect(container.startMessages).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    vi.stubEnv('DEV', false);
    expect(() => registerServiceWorker()).not.toThrow();
  });

  it('registers /sw.js for the whole origin', async () => {
    vi.stubEnv('DEV', false);
    installServiceWorker(async () => undefined);
    registerServiceWorker();
    await vi.waitFor(() => expect(workbox.FakeWorkbox.instances).toHaveLength(1), SETTLED);
    const [wb] = workbox.FakeWorkbox.instances;
    expect(wb?.url).toBe('/sw.js');
    expect(wb?.options).toEqual({ scope: '/' });
    expect(wb?.register).toHaveBeenCalled();
  });

  it('offers a reload when a new version is waiting, and activates it on request', async () => {
    vi.stubEnv('DEV', false);
    installServiceWorker(async () => undefined);
    registerServiceWorker();
    await vi.waitFor(() => expect(workbox.FakeWorkbox.instances).toHaveLength(1), SETTLED);
    const wb = workbox.FakeWorkbox.instances[0]!;

    wb.emit('waiting');
    // The toast library loads with the prompt (the first screen does not need it).
    await vi.waitFor(() => expect(toastMock.toast).toHaveBeenCalledTimes(1), SETTLED);
    const [text, options] = toastMock.toast.mock.calls[0] as [
      string,
      { action: { label: string; onClick: () => void } },
    ];
    expect(text).toBe('A new version of Deckhand is available');
    expect(options.action.label).toBe('Reload');
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    options.action.onClick();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it("turns the worker's outbox-flushed messages into a window event", async () => {
    vi.stubEnv('DEV', false);
    const container = installServiceWorker(async () => undefined);
    const received: unknown[] = [];
    const listener = (event: Event) => received.push((event as CustomEvent).detail);
    window.addEventListener(OUTBOX_FLUSHED_EVENT, listener);
    try {
      registerServiceWorker();
      expect(container.startMessages).toHaveBeenCalled();
      await vi.waitFor(() => expect(workbox.FakeWorkbox.instances).toHaveLength(1), SETTLED);

      const flushed = { type: 'outbox-flushed', sent: 2, failed: 1, remaining: 0 };
      container.dispatchEvent(new MessageEvent('message', { data: flushed }));
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
      container.dispatchEvent(new MessageEvent('message', { data: 'outbox-flushed' }));

      expect(received).toEqual([flushed]);
    } finally {
      window.removeEventListener(OUTBOX_FLUSHED_EVENT, listener);
    }
  });
});
