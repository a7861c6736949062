/**
 * Writes to a hosted Firebase Realtime Database through its REST API, authenticated with the
 * server's database secret (a legacy secret or an OAuth access token), which bypasses the rules as
 * an admin write should. Writes are sent one at a time in order; a failed write is reported and
 * not retried, because the next change rewrites queue_data anyway.
 */

/** A hung request must not hold up later writes for long. */
const REST_TIMEOUT_MS = 10_000;

export interface RtdbRestClient {
  /** PATCH at the root: an atomic multi-path update (null deletes). */
  update(values: Record<string, unknown>): Promise<void>;
  /** Child keys under `path` (shallow read), or [] when it is empty. */
  childKeys(path: string): Promise<string[]>;
}

export function createRtdbRestClient(databaseURL: string, secret: string | undefined): RtdbRestClient {
  const base = databaseURL.replace(/\/+$/, '');
  const url = (path: string, query: Record<string, string> = {}) => {
    const params = new URLSearchParams(query);
    if (secret) params.set('auth', secret);
    const search = params.toString();
    return `${base}/${path}.json${search ? `?${search}` : ''}`;
  };

  async function call(method: string, target: string, body?: unknown): Promise<unknown> {
    const response = await fetch(target, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Realtime Database ${method} failed: ${response.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  }

  return {
    async update(values) {
      await call('PATCH', url(''), values);
    },
    async childKeys(path) {
      const value = await call('GET', url(path, { shallow: 'true' }));
      return value && typeof value === 'object' ? Object.keys(value) : [];
    },
  };
}
