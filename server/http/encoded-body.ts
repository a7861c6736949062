/**
 * A response body encoded once and sent many times: its bytes as is, brotli and gzip, with an ETag
 * for each encoding, made when the content changes instead of on every request. For answers many
 * clients ask for between two changes (/app's rendered page, the feed's lists).
 *
 * `sendEncoded` picks the encoding the request accepts (brotli, else gzip, else none), answers
 * `If-None-Match` for the content the client already has with a 304 and no body, and always says
 * `Vary: Accept-Encoding`. The bytes carry their Content-Encoding, so @fastify/compress leaves them alone.
 *
 * Use `encodedOnce(serialise)` for content held in one object per change (the feed hands out the same
 * frozen list until something changes): the body is made on the first request for an object and
 * shared by every request for it, also while it is being made.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type BodyEncoding = 'br' | 'gzip' | 'identity';

export interface EncodedBody {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  /** The ETag of each encoding: one content hash, marked per encoding (their bytes differ). */
  readonly etags: Readonly<Record<BodyEncoding, string>>;
}

/** `text`'s bytes, brotli (best compression: made once per change) and gzip, and their ETags. */
export async function encodeBody(text: string | Buffer): Promise<EncodedBody> {
  const identity = typeof text === 'string' ? Buffer.from(text) : text;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return { identity, br, gzip: gz, etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` } };
}

/**
 * The body for each object `serialise` is given, made once per object (held as long as the object is)
 * and shared by every request, also while it is being made. A body that failed to be made is made
 * again on the next request.
 */
export function encodedOnce<K extends object>(
  serialise: (key: K) => string | Buffer,
): (key: K) => Promise<EncodedBody> {
  const cache = new WeakMap<K, Promise<EncodedBody>>();
  return (key) => {
    let body = cache.get(key);
    if (!body) {
      body = Promise.resolve()
        .then(() => encodeBody(serialise(key)))
        .catch((error: unknown) => {
          cache.delete(key);
          throw error;
        });
      cache.set(key, body);
    }
    return body;
  };
}

const negotiated = new Map<string, BodyEncoding>();
const NEGOTIATED_MAX = 200;

/** The encoding of `header` (Accept-Encoding) to send: brotli if accepted, else gzip, else none. */
export function chooseEncoding(header: string | undefined): BodyEncoding {
  if (!header) return 'identity';
  let choice = negotiated.get(header);
  if (choice !== undefined) return choice;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*') ?? 0;
  const weight = (name: string) => accepted.get(name) ?? wildcard;
  choice = weight('br') > 0 ? 'br' : weight('gzip') > 0 || (accepted.get('x-gzip') ?? 0) > 0 ? 'gzip' : 'identity';
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(header, choice);
  return choice;
}

/** Whether `header` (If-None-Match) names any encoding of `body` (weak comparison, as the header asks). */
export function matchesEtag(header: string | undefined, body: EncodedBody): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const { etags } = body;
  for (const part of header.split(',')) {
    const tag = part.trim().replace(/^W\//, '');
    if (tag === etags.identity || tag === etags.br || tag === etags.gzip) return true;
  }
  return false;
}

/**
 * Sends `body` in the encoding the request accepts, or 304 if the client already has it. The caller
 * sets Content-Type and Cache-Control first.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding').header('ETag', body.etags[encoding]);
  if (matchesEtag(request.headers['if-none-match'], body)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(body[encoding]);
}
