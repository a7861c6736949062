/**
 * The only place that calls fetch (DESIGN.md). Works in the page and in the service worker.
 * Every call sends cookies. A non-OK answer throws ApiError whose message is
 * "status: body" (or "status: statusText" for an empty body), as rider-core §8 specifies.
 * A network failure (offline, DNS, reset) throws NetworkError so callers can tell "retry later"
 * from "the server said no".
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's JSON `{error, message}` text when present, else the raw message. */
  get userMessage(): string {
    const message = this.jsonField('message');
    return message ?? this.message;
  }

  /** The server's machine-readable `error` code, when the body is the JSON error shape. */
  get code(): string | undefined {
    return this.jsonField('error');
  }

  private jsonField(field: 'error' | 'message'): string | undefined {
    try {
      const value = (JSON.parse(this.body) as Record<string, unknown>)[field];
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined; // body was not JSON
    }
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed');
    this.name = 'NetworkError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export async function apiRequest<T = unknown>(path: string, req: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: 'include',
      signal: req.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
