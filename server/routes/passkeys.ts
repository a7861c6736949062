/**
 * Rider passkeys (DESIGN.md "Accounts that survive a lost phone"), with @simplewebauthn/server.
 *
 * - POST /api/passkeys/register/options → creation options for the caller's account (a discoverable
 *   credential, so signing in later needs no username);
 *   POST /api/passkeys/register/verify {response} → stores the credential (201).
 * - POST /api/passkeys/login/options → request options;
 *   POST /api/passkeys/login/verify {response} → checks the assertion against the stored public key
 *   and counter, ends this browser's current rider session and opens one for the passkey's rider,
 *   answering their profile — their points, timers, orders and history come with the account.
 *
 * Challenges are stored server-side (any instance can verify), used once, and expire after
 * PASSKEY_CHALLENGE_TTL_MS. The relying party is the request's host (the origin the rider sees).
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { endSession, openSession, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { passkeys, users, webauthnChallenges } from '../db/schema';
import { httpError, parseBody } from '../http/errors';

/** A passkey ceremony must finish within 5 minutes of its options. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Deckhand';

const responseSchema = z.object({
  response: z.object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().optional(),
  }),
});

function relyingParty(request: FastifyRequest): { rpID: string; origin: string } {
  return { rpID: request.hostname.replace(/:\d+$/, ''), origin: `${request.protocol}://${request.host}` };
}

function challengeOf(response: { response: Record<string, unknown> }): string {
  try {
    const clientData = JSON.parse(Buffer.from(String(response.response.clientDataJSON ?? ''), 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof clientData.challenge === 'string') return clientData.challenge;
  } catch {
    // fall through: an unreadable clientDataJSON is a bad request
  }
  throw httpError(400, 'invalid_request', 'The passkey answer carries no readable challenge');
}

async function takeChallenge(database: Database, challenge: string, purpose: 'register' | 'login', now: Date) {
  const [row] = await database.db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  if (!row) throw httpError(400, 'challenge_expired', 'This passkey request has expired. Please try again.');
  return row;
}

/** Stores a new challenge and deletes every expired one: unanswered requests leave no rows behind. */
async function storeChallenge(database: Database, row: { challenge: string; userId: number | null; purpose: 'register' | 'login' }) {
  const now = Date.now();
  await database.db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, new Date(now)));
  await database.db.insert(webauthnChallenges).values({ ...row, expiresAt: new Date(now + PASSKEY_CHALLENGE_TTL_MS) });
}

export function registerPasskeyRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;
  const { db } = database;

  api.post('/passkeys/register/options', async (request, reply) => {
    const rider = await requireRider(request, reply);
    const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, rider.id));
    const existing = await db.select().from(passkeys).where(eq(passkeys.userId, rider.id));
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: relyingParty(request).rpID,
      userName: user?.username ?? `rider-${rider.id}`,
      userID: new TextEncoder().encode(String(rider.id)),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await storeChallenge(database, { challenge: options.challenge, userId: rider.id, purpose: 'register' });
    reply.header('Cache-Control', 'no-store');
    return options;
  });

  api.post('/passkeys/register/verify', async (request, reply) => {
    const { response } = parseBody(responseSchema, request.body);
    const rider = await requireRider(request, reply);
    const stored = await takeChallenge(database, challengeOf(response), 'register', new Date());
    if (stored.userId !== rider.id) throw httpError(400, 'challenge_expired', 'This passkey request belongs to another session. Please try again.');
    const { rpID, origin } = relyingParty(request);
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: stored.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch((error: unknown) => {
      throw httpError(400, 'passkey_rejected', error instanceof Error ? error.message : 'The passkey could not be verified');
    });
    if (!result.verified) throw httpError(400, 'passkey_rejected', 'The passkey could not be verified');
    const { credential } = result.registrationInfo;
    await db
      .insert(passkeys)
      .values({
        credentialId: credential.id,
        userId: rider.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      })
      .onConflictDoNothing();
    return reply.code(201).send({ registered: true });
  });

  api.post('/passkeys/login/options', async (request, reply) => {
    const options = await generateAuthenticationOptions({ rpID: relyingParty(request).rpID, userVerification: 'preferred' });
    await storeChallenge(database, { challenge: options.challenge, userId: null, purpose: 'login' });
    reply.header('Cache-Control', 'no-store');
    return options;
  });

  api.post('/passkeys/login/verify', async (request, reply) => {
    const { response } = parseBody(responseSchema, request.body);
    const stored = await takeChallenge(database, challengeOf(response), 'login', new Date());
    const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
    if (!key) throw httpError(401, 'unknown_passkey', 'This passkey is not registered with Deckhand.');
    const { rpID, origin } = relyingParty(request);
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: stored.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransport[],
      },
    }).catch((error: unknown) => {
      throw httpError(401, 'passkey_rejected', error instanceof Error ? error.message : 'The passkey could not be verified');
    });
    if (!result.verified) throw httpError(401, 'passkey_rejected', 'The passkey could not be verified');
    await db.update(passkeys).set({ counter: result.authenticationInfo.newCounter }).where(eq(passkeys.credentialId, key.credentialId));
    await endSession(request, reply);
    await openSession(request, reply, key.userId);
    return { signedIn: true };
  });
}
