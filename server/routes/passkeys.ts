/**
 * Rider passkeys (DESIGN.md "Accounts that survive a lost phone"); the ceremonies are in
 * server/auth/passkey-ceremony.ts.
 *
 * - POST /api/passkeys/register/options → creation options for the caller's account (a discoverable
 *   credential, so signing in later needs no username);
 *   POST /api/passkeys/register/verify {response} → stores the credential (201).
 * - POST /api/passkeys/login/options → request options;
 *   POST /api/passkeys/login/verify {response} → checks the assertion against the stored public key
 *   and counter, ends this browser's current rider session and opens one for the passkey's rider —
 *   their points, timers, orders and history come with the account.
 */
import type { FastifyInstance } from 'fastify';

import { loginOptions, registerPasskey, registrationOptions, signInWithPasskey } from '@/domain/contracts/passkeys';

import * as ceremony from '../auth/passkey-ceremony';
import { endSession, openSession } from '../auth/session';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { riderUsername } from '../users/profile-repository';

export function registerPasskeyRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  route(api, registrationOptions, {}, async (request, reply, rider) => {
    const username = await riderUsername(database, rider.id);
    const options = await ceremony.registrationOptions(database, ceremony.relyingParty(request), {
      id: rider.id,
      username,
    });
    return reply.header('Cache-Control', 'no-store').send(options);
  });

  route(api, registerPasskey, {}, async (request, reply, rider) => {
    await ceremony.registerPasskey(database, ceremony.relyingParty(request), rider.id, request.body.response);
    return reply.code(201).send({ registered: true });
  });

  route(api, loginOptions, {}, async (request, reply) => {
    const options = await ceremony.loginOptions(database, ceremony.relyingParty(request));
    return reply.header('Cache-Control', 'no-store').send(options);
  });

  route(api, signInWithPasskey, {}, async (request, reply) => {
    const riderId = await ceremony.passkeyRider(database, ceremony.relyingParty(request), request.body.response);
    await endSession(request, reply);
    await openSession(request, reply, riderId);
    return { signedIn: true as const };
  });
}
