/**
 * Sends one alert to one browser through its push service (Web Push, RFC 8030/8291/8292) with the
 * `web-push` package: the payload is encrypted (aes128gcm) for the subscription's keys and the request
 * is signed with the server's VAPID keys (./vapid.ts).
 *
 * `send` never throws. It answers:
 * - 'sent'   the push service accepted the message (2xx);
 * - 'gone'   404 or 410: the subscription no longer exists and should be deleted (also an endpoint
 *            that no longer passes ./endpoint-guard.ts);
 * - 'failed' anything else (other status, network error, timeout); the subscription is kept.
 *
 * Messages carry PUSH_TTL_SECONDS (a "come back to your car" alert is worthless an hour later, so a
 * phone that is off longer never shows it) and Urgency: high so a sleeping phone is woken for it.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';

import type { AlertPushPayload } from '@/domain/notification';

import { checkPushEndpoint } from './endpoint-guard';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(sub: PushTarget, payload: AlertPushPayload): Promise<PushResult>;
}

/** How long the push service keeps an undelivered alert (seconds). */
export const PUSH_TTL_SECONDS = 60 * 60;
/** A push service that has not answered in this long is given up on for this alert. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface WebPushSenderOptions {
  /** TLS agent for the push service connection (tests pass one trusting their self-signed endpoint). */
  agent?: Agent;
  /** Hosts exempt from the public-endpoint check (tests' local push service only). */
  allowHosts?: ReadonlySet<string>;
  /** Where failures are reported; default console.warn. */
  onFailure?: (endpointOrigin: string, error: unknown) => void;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The origin only: endpoint paths identify a browser and do not belong in logs. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid endpoint';
  }
}

export function createWebPushSender(vapid: VapidKeys, opts: WebPushSenderOptions = {}): PushSender {
  const report = opts.onFailure ?? ((origin, error) => console.warn(`push to ${origin} failed`, error));
  const options: webpush.RequestOptions = {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
    timeout: PUSH_TIMEOUT_MS,
    ...(opts.agent ? { agent: opts.agent } : {}),
  };
  return {
    async send(sub, payload) {
      // Checked again at send time: the name may resolve elsewhere now. A refused endpoint is
      // reported gone, so the subscription is deleted rather than retried.
      const verdict = await checkPushEndpoint(sub.endpoint, opts.allowHosts ?? new Set());
      if (!verdict.ok) {
        report(originOf(sub.endpoint), new Error(`push endpoint refused: ${verdict.reason}`));
        return 'gone';
      }
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(payload),
          options,
        );
        return 'sent';
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410) return 'gone';
        report(originOf(sub.endpoint), error);
        return 'failed';
      }
    },
  };
}
