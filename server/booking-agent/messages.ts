/**
 * Outgoing e-mail and SMS for the watcher (DESIGN.md runtime table "E-mail / SMS"). Every message is
 * first stored in `outbound_messages` under its key (so it goes out once, across passes, restarts and
 * instances); then, when a transport exists for its channel, handed to it. The row's status says
 * what really happened: 'sent' (a transport accepted it), 'failed' (it refused, with the error),
 * 'stored' (no transport configured: it sits in the local mailbox the admin dashboard shows; riders
 * are not offered a channel without a transport, so only the admin's console writes these), or
 * 'no_address' (the rider gave no address). Nothing is marked sent that was not.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';

import type { Database } from '../db/client';
import { outboundMessages } from '../db/schema';

export interface MessageTransports {
  email?: (to: string, subject: string, body: string) => Promise<void>;
  /** An HTTP SMS gateway when SMS_URL is set (smsOverHttp). */
  sms?: (to: string, body: string) => Promise<void>;
}

/** Which channels can deliver now: what riders are offered (GET /api/services) and the routes accept. */
export function liveChannels(transports: MessageTransports): { email: boolean; sms: boolean } {
  return { email: transports.email !== undefined, sms: transports.sms !== undefined };
}

/** How long the SMS gateway may take to answer before the message counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP gateway: POST `url` with JSON {from, to, body} and `Authorization: Bearer
 * token`; any 2xx is accepted, anything else (or no answer in SMS_TIMEOUT_MS) throws, so the
 * message is marked failed with the gateway's answer.
 */
export function smsOverHttp(
  url: string,
  token: string | undefined,
  from: string,
): NonNullable<MessageTransports['sms']> {
  return async (to, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ from, to, body }),
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    if (!response.ok)
      throw new Error(`SMS gateway answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
}

export interface OutboundMessage {
  key: string;
  channel: 'email' | 'sms';
  recipient: string | null;
  subject: string;
  body: string;
}

/**
 * E-mail through SMTP (nodemailer) when SMTP_URL is set; SMS through the HTTP gateway when SMS_URL
 * is set. A channel without its setting has no transport and is not offered to riders.
 */
export function transportsFromConfig(config: {
  SMTP_URL?: string;
  SMTP_FROM: string;
  SMS_URL?: string;
  SMS_TOKEN?: string;
  SMS_FROM: string;
}): MessageTransports {
  const transports: MessageTransports = {};
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    transports.email = async (to, subject, body) => {
      await smtp.sendMail({ from: config.SMTP_FROM, to, subject, text: body });
    };
  }
  if (config.SMS_URL) transports.sms = smsOverHttp(config.SMS_URL, config.SMS_TOKEN, config.SMS_FROM);
  return transports;
}

/** Stores and (when possible) sends one message; answers false when its key was already used. */
export async function sendMessage(
  database: Database,
  transports: MessageTransports,
  message: OutboundMessage,
): Promise<boolean> {
  const transport = message.channel === 'email' ? transports.email : transports.sms;
  const initial = !message.recipient ? 'no_address' : 'stored';
  const [row] = await database.db
    .insert(outboundMessages)
    .values({ ...message, status: initial })
    .onConflictDoNothing({ target: outboundMessages.key })
    .returning({ id: outboundMessages.id });
  if (!row) return false;
  if (!message.recipient || !transport) return true;
  try {
    if (message.channel === 'email') await transports.email?.(message.recipient, message.subject, message.body);
    else await transports.sms?.(message.recipient, message.body);
    await database.db.update(outboundMessages).set({ status: 'sent' }).where(eq(outboundMessages.id, row.id));
  } catch (error) {
    await database.db
      .update(outboundMessages)
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where(eq(outboundMessages.id, row.id));
  }
  return true;
}
