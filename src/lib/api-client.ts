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
  /** Sent as multipart/form-data instead of JSON `body` (photo uploads). */
  form?: Record<string, string | UploadFile>;
  /** Upload progress of a `form` (0-1). Reported in pages (XMLHttpRequest); workers send without it. */
  onUploadProgress?: (fraction: number) => void;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * A file part kept as bytes: an ArrayBuffer survives IndexedDB everywhere (Blobs in IndexedDB have
 * a history of browser bugs), so an upload queued offline is stored and sent as this.
 */
export interface UploadFile {
  bytes: ArrayBuffer;
  type: string;
  name: string;
}

function formData(fields: Record<string, string | UploadFile>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([value.bytes], { type: value.type }), value.name);
  }
  return data;
}

/**
 * fetch cannot report upload progress, XMLHttpRequest can (and exists in pages only): a photo on a
 * slow link shows how far it got. Same answers and errors as the fetch path.
 */
function sendWithProgress<T>(path: string, req: ApiRequest, headers: Record<string, string>, body: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method ?? 'POST', path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('Network request failed')));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : null) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error('Answer was not JSON'));
      }
    };
    req.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

export async function apiRequest<T = unknown>(path: string, req: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (req.body !== undefined && !req.form) headers['Content-Type'] = 'application/json';
  if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
  const form = req.form ? formData(req.form) : undefined;
  if (form && req.onUploadProgress && typeof XMLHttpRequest !== 'undefined') {
    return sendWithProgress<T>(path, req, headers, form, req.onUploadProgress);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: req.method ?? 'GET',
      headers,
      body: form ?? (req.body === undefined ? undefined : JSON.stringify(req.body)),
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
