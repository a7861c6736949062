/**
 * The caller's profile (rider-core §3 User profile, membership §3 Profile and animal preferences),
 * the settings that change it (account fields, animal and notification preferences) and 7-day
 * trials (membership §9). Reading the profile never creates an account: a caller without one gets
 * the guest profile (id null, the defaults of a new rider). POST /api/session opens an account on
 * purpose (201, or 200 with the existing one); any other write opens one too. Nothing here exposes
 * another user. The profile's reads and writes live in server/users/profile-repository.ts.
 */
import type { FastifyInstance } from 'fastify';

import { getProfile, openSession, saveAccount, saveAnimalPreferences, startTrial } from '@/domain/contracts/users';
import { normaliseAccount } from '@/domain/settings';

import { currentRider, getSessionUser, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';
import { expireTrials, riderWithCurrentTier, startTrial as startTrialOf } from '../membership/tiers';
import {
  guestProfile,
  readProfile,
  saveAccount as storeAccount,
  saveAnimalPreferences as storeAnimalPreferences,
} from '../users/profile-repository';

export function registerUserRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  route(api, getProfile, {}, async (request, reply) => {
    const caller = await currentRider(request, reply);
    reply.header('Cache-Control', 'no-store');
    if (!caller) return guestProfile();
    await expireTrials(database, new Date(clock()), caller.id);
    return readProfile(db, caller.id);
  });

  route(api, openSession, {}, async (request, reply) => {
    const existing = await getSessionUser(request);
    const caller = await requireRider(request, reply);
    return reply
      .code(existing ? 200 : 201)
      .header('Cache-Control', 'no-store')
      .send(await readProfile(db, caller.id));
  });

  route(api, saveAnimalPreferences, {}, async (request, _reply, caller) => {
    await storeAnimalPreferences(database, caller.id, request.body);
    return readProfile(db, caller.id);
  });

  route(api, saveAccount, {}, async (request, _reply, caller) => {
    await storeAccount(database, caller.id, normaliseAccount(request.body));
    return readProfile(db, caller.id);
  });

  route(api, startTrial, {}, async (request, reply) => {
    const caller = await riderWithCurrentTier(database, request, reply, new Date(clock()));
    const profile = await commitWrite(database, request, reply, 201, async (tx) => {
      await startTrialOf(tx, caller.id, request.body.tier, new Date(clock()));
      return readProfile(tx, caller.id);
    });
    return reply.code(201).send(profile);
  });
}
