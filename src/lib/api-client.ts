/**
 * The only place that calls fetch (DESIGN.md). Works in the page and in the service worker.
 * Features call endpoints through their contracts (`callApi`, src/domain/contracts/): the path and
 * query come from the contract and the answer is checked against it before anyone reads it.
 * Every call sends cookies. A non-OK answer throws ApiError whose message is
 * "status: body" (or "status: statusText" for an empty body), as rider-core §8 specifies.
 * A network failure (offline, DNS, reset) throws NetworkError so callers can tell "retry later"
 * from "the server said no".
 */
import { safeParse, type core } from 'zod/mini';

import {
  contractPath,
  contractQuery,
  successSchema,
  type CallInput,
  type Contract,
  type SuccessOf,
} from '@/domain/contracts/contract';

import { safeParseInSlices } from './parse-in-slices';

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
function sendWithProgress<T>(
  path: string,
  req: ApiRequest,
  headers: Record<string, string>,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
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

/** The server answered with something its contract does not declare (a server older or newer than this app). */
export class ContractError extends Error {
  constructor(contract: Pick<Contract, 'method' | 'path'>, problem: string) {
    super(`The answer of ${contract.method} ${contract.path} does not match its contract: ${problem}`);
    this.name = 'ContractError';
  }
}

export type CallOptions = Pick<ApiRequest, 'form' | 'onUploadProgress' | 'idempotencyKey' | 'signal'>;

/** The method and path (with its query) a call to `contract` goes to: what an outbox entry stores. */
export function callTarget<C extends Contract>(
  contract: C,
  input: CallInput<C>,
): { method: C['method']; path: string } {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return { method: contract.method, path: contractPath(contract, params) + contractQuery(query) };
}

/**
 * Calls the endpoint `contract` describes and checks its answer against the contract's success schema
 * (a long list a few milliseconds at a time, ./parse-in-slices.ts).
 * Errors as `apiRequest`: ApiError (the server said no), NetworkError (no answer), and ContractError
 * when the answer is not what the contract promises.
 */
export async function callApi<C extends Contract>(
  contract: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<SuccessOf<C>> {
  const { method, path } = callTarget(contract, input);
  const { body } = input as { body?: unknown };
  const answer = await apiRequest<unknown>(path, { ...options, method, body });
  const schema = successSchema(contract);
  if (!schema) return answer as SuccessOf<C>;
  const result = await safeParseInSlices(schema, answer);
  if (!result.success) throw answerMismatch(contract, result.issues);
  return result.data as SuccessOf<C>;
}

function answerMismatch(contract: Contract, issues: readonly core.$ZodIssue[]): ContractError {
  const problem = issues.map((i) => `${i.path.map(String).join('.') || '(answer)'}: ${i.message}`).join('; ');
  return new ContractError(contract, problem);
}

/** The answer as the contract's success schema reads it (defaults applied), or a ContractError. */
export function checkAnswer<C extends Contract>(contract: C, answer: unknown): SuccessOf<C> {
  const schema = successSchema(contract);
  if (!schema) return answer as SuccessOf<C>;
  const result = safeParse(schema, answer);
  if (!result.success) throw answerMismatch(contract, result.error.issues);
  return result.data as SuccessOf<C>;
}
