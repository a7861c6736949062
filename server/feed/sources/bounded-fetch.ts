/**
 * GET a JSON document from a source that may hang, trickle, flood or lie: the whole exchange
 * (connect, headers, body) must finish within `timeoutMs`, and a body over `maxBytes` (announced or
 * streamed) is abandoned at that size. Never throws for the source's misbehaviour: it answers why.
 */
export type BoundedFetchResult = { ok: true; body: unknown } | { ok: false; problem: string };
export type BoundedTextResult = { ok: true; text: string } | { ok: false; problem: string };

export async function fetchJsonBounded(
  url: string,
  opts: { timeoutMs: number; maxBytes: number },
): Promise<BoundedFetchResult> {
  const fetched = await fetchTextBounded(url, { ...opts, accept: 'application/json' });
  if (!fetched.ok) return fetched;
  try {
    return { ok: true, body: JSON.parse(fetched.text) as unknown };
  } catch {
    return { ok: false, problem: 'body is not JSON' };
  }
}

/**
 * The same bounds for a text document (XML, an HTML directory listing). The answer comes by
 * `timeoutMs` even if the HTTP client misses the abort (a read that never settles would otherwise
 * hold the source's poll, and every poll after it, for good).
 */
export async function fetchTextBounded(
  url: string,
  opts: { timeoutMs: number; maxBytes: number; accept?: string },
): Promise<BoundedTextResult> {
  const controller = new AbortController();
  const timedOut = new Promise<BoundedTextResult>((resolve) =>
    controller.signal.addEventListener('abort', () =>
      resolve({ ok: false, problem: `no complete answer within ${opts.timeoutMs} ms` }),
    ),
  );
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    return await Promise.race([exchange(url, opts, controller), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function exchange(
  url: string,
  opts: { timeoutMs: number; maxBytes: number; accept?: string },
  controller: AbortController,
): Promise<BoundedTextResult> {
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers: { accept: opts.accept ?? '*/*' },
      redirect: 'error',
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, problem: `HTTP ${response.status}` };
    }
    const announced = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(announced) && announced > opts.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, problem: `body of ${announced} bytes is over the ${opts.maxBytes}-byte limit` };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    if (!reader) return { ok: false, problem: 'empty body' };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > opts.maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, problem: `body over the ${opts.maxBytes}-byte limit` };
      }
      chunks.push(value);
    }
    return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, problem: `no complete answer within ${opts.timeoutMs} ms` };
    return {
      ok: false,
      problem:
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
    };
  }
}
