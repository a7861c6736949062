/**
 * Push endpoints are URLs a client hands the server, which then POSTs to them: left open, that
 * lets anyone make the server reach its own network (loopback, private ranges, cloud metadata).
 * An endpoint is accepted only when it is https on the default port and its host name resolves
 * to public unicast addresses only; checked when a subscription is stored and again before each
 * push (DNS can change in between).
 *
 * PUSH_ENDPOINT_ALLOW_HOSTS names hosts exempt from the check: the tests' local push service on
 * 127.0.0.1 and their placeholder host. Never set it in production.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type EndpointVerdict = { ok: true } | { ok: false; reason: string };

/** Hosts from PUSH_ENDPOINT_ALLOW_HOSTS (comma separated), lower-cased. */
export function parseAllowHosts(value: string | undefined): ReadonlySet<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** True for an address on the public internet (not loopback, private, link-local, reserved, ...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

type Resolver = (host: string) => Promise<string[]>;

const resolveAll: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export async function checkPushEndpoint(
  endpoint: string,
  allowHosts: ReadonlySet<string>,
  resolve: Resolver = resolveAll,
): Promise<EndpointVerdict> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'is not a URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'must be an https URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowHosts.has(host)) return { ok: true };
  if (url.port !== '' && url.port !== '443') return { ok: false, reason: 'must use the https port 443' };
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  } catch {
    return { ok: false, reason: 'has a host name that does not resolve' };
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    return { ok: false, reason: 'must be a public push service, not a private or local address' };
  }
  return { ok: true };
}
