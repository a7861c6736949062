/**
 * Outgoing e-mail and SMS for the watcher (DESIGN.md runtime table "E-mail / SMS"). Every message is
 * first stored in `outbound_messages` under its key (so it goes out once, across passes, restarts and
 * instances); then, when a transport exists for its channel, handed to it. The row's status says
 * what really happened: 'sent' (a transport accepted it), 'failed' (it refused, with the error),
 * 'stored' (no transport configured: it sits in the local mailbox the admin dashboard shows), or
 * 'no_address' (the rider gave no address). Nothing is marked sent that was not.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { outboundMessages } from '../db/schema';
import { eq } from 'drizzle-orm';

export interface MessageTransports {
  email?: (to: string, subject: string, body: string) => Promise<void>;
  /** No SMS provider is wired in yet: SMS stays in the local mailbox. */
  sms?: (to: string, body: string) => Promise<void>;
}

export interface OutboundMessage {
  key: string;
  channel: 'email' | 'sms';
  recipient: string | null;
  subject: string;
  body: string;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise no transport (local mailbox only). */
export function transportsFromConfig(config: { SMTP_URL?: string; SMTP_FROM: string }): MessageTransports {
  if (!config.SMTP_URL) return {};
  const smtp = nodemailer.createTransport(config.SMTP_URL);
  return {
    async email(to, subject, body) {
      await smtp.sendMail({ from: config.SMTP_FROM, to, subject, text: body });
    },
  };
}

/** Stores and (when possible) sends one message; answers false when its key was already used. */
export async function sendMessage(database: Database, transports: MessageTransports, message: OutboundMessage): Promise<boolean> {
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
