/**
 * Rider passkey ceremonies (DESIGN.md "Accounts that survive a lost phone"), with
 * @simplewebauthn/server: the options a browser needs to create or use a passkey, and the checks of
 * its answer. A registration is a discoverable credential, so signing in later needs no username.
 *
 * Challenges are stored server-side (any instance can verify), used once, and expire after
 * PASSKEY_CHALLENGE_TTL_MS. The relying party is the request's host (the origin the rider sees).
 * Every refusal is an HttpError whose status and message the rider sees.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';

import type { Database } from '../db/client';
import { httpError } from '../http/errors';
import {
  findPasskey,
  passkeysOf,
  savePasskey,
  savePasskeyCounter,
  storeChallenge,
  takeChallenge,
  type ChallengePurpose,
} from './passkey-repository';

/** A passkey ceremony must finish within 5 minutes of its options. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Deckhand';

/** A browser's answer to a ceremony, as validated at the door (its `response` is checked here). */
export interface PasskeyAnswer {
  id: string;
  response: Record<string, unknown>;
}

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingParty(request: FastifyRequest): RelyingParty {
  return { rpID: request.hostname.replace(/:\d+$/, ''), origin: `${request.protocol}://${request.host}` };
}

function challengeOf(answer: PasskeyAnswer): string {
  try {
    const clientData = JSON.parse(
      Buffer.from(String(answer.response.clientDataJSON ?? ''), 'base64url').toString('utf8'),
    ) as { challenge?: unknown };
    if (typeof clientData.challenge === 'string') return clientData.challenge;
  } catch {
    // fall through: an unreadable clientDataJSON is a bad request
  }
  throw httpError(400, 'invalid_request', 'The passkey answer carries no readable challenge');
}

async function answeredChallenge(database: Database, answer: PasskeyAnswer, purpose: ChallengePurpose) {
  const stored = await takeChallenge(database, challengeOf(answer), purpose, new Date());
  if (!stored) throw httpError(400, 'challenge_expired', 'This passkey request has expired. Please try again.');
  return stored;
}

/** Creation options for the rider's account, excluding the passkeys they already have. */
export async function registrationOptions(
  database: Database,
  rp: RelyingParty,
  rider: { id: number; username: string | null },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(database, rider.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: rider.username ?? `rider-${rider.id}`,
    userID: new TextEncoder().encode(String(rider.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(
    database,
    { challenge: options.challenge, userId: rider.id, purpose: 'register' },
    PASSKEY_CHALLENGE_TTL_MS,
  );
  return options;
}

/** Checks a registration answered for this rider's challenge and stores the new credential. */
export async function registerPasskey(
  database: Database,
  rp: RelyingParty,
  riderId: number,
  answer: PasskeyAnswer,
): Promise<void> {
  const stored = await answeredChallenge(database, answer, 'register');
  if (stored.userId !== riderId)
    throw httpError(400, 'challenge_expired', 'This passkey request belongs to another session. Please try again.');
  const result = await verifyRegistrationResponse({
    response: answer as unknown as RegistrationResponseJSON,
    expectedChallenge: stored.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw httpError(
      400,
      'passkey_rejected',
      error instanceof Error ? error.message : 'The passkey could not be verified',
    );
  });
  if (!result.verified) throw httpError(400, 'passkey_rejected', 'The passkey could not be verified');
  const { credential } = result.registrationInfo;
  await savePasskey(database, {
    credentialId: credential.id,
    userId: riderId,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
  });
}

export async function loginOptions(
  database: Database,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred' });
  await storeChallenge(
    database,
    { challenge: options.challenge, userId: null, purpose: 'login' },
    PASSKEY_CHALLENGE_TTL_MS,
  );
  return options;
}

/**
 * Checks a sign-in answer against the stored public key and counter, moves the counter on and
 * answers the passkey's rider.
 */
export async function passkeyRider(database: Database, rp: RelyingParty, answer: PasskeyAnswer): Promise<number> {
  const stored = await answeredChallenge(database, answer, 'login');
  const key = await findPasskey(database, answer.id);
  if (!key) throw httpError(401, 'unknown_passkey', 'This passkey is not registered with Deckhand.');
  const result = await verifyAuthenticationResponse({
    response: answer as unknown as AuthenticationResponseJSON,
    expectedChallenge: stored.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: key.transports as AuthenticatorTransport[],
    },
  }).catch((error: unknown) => {
    throw httpError(
      401,
      'passkey_rejected',
      error instanceof Error ? error.message : 'The passkey could not be verified',
    );
  });
  if (!result.verified) throw httpError(401, 'passkey_rejected', 'The passkey could not be verified');
  await savePasskeyCounter(database, key.credentialId, result.authenticationInfo.newCounter);
  return key.userId;
}
