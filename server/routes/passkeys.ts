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
import { z } from 'zod';
import { loginOptions, passkeyRider, registerPasskey, registrationOptions, relyingParty } from '../auth/passkey-ceremony';
import { endSession, openSession, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { parseBody } from '../http/errors';
import { riderUsername } from '../users/profile-repository';

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

export function registerPasskeyRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  api.post('/passkeys/register/options', async (request, reply) => {
    const rider = await requireRider(request, reply);
    const options = await registrationOptions(database, relyingParty(request), { id: rider.id, username: await riderUsername(database, rider.id) });
    reply.header('Cache-Control', 'no-store');
    return options;
  });

  api.post('/passkeys/register/verify', async (request, reply) => {
    const { response } = parseBody(responseSchema, request.body);
    const rider = await requireRider(request, reply);
    await registerPasskey(database, relyingParty(request), rider.id, response);
    return reply.code(201).send({ registered: true });
  });

  api.post('/passkeys/login/options', async (request, reply) => {
    const options = await loginOptions(database, relyingParty(request));
    reply.header('Cache-Control', 'no-store');
    return options;
  });

  api.post('/passkeys/login/verify', async (request, reply) => {
    const { response } = parseBody(responseSchema, request.body);
    const riderId = await passkeyRider(database, relyingParty(request), response);
    await endSession(request, reply);
    await openSession(request, reply, riderId);
    return { signedIn: true };
  });
}
