/**
 * Photo validations (rider-core §2 "Other ways to help", §7, §9).
 *
 * - GET /api/contributions/to-validate → up to 5 recent photos of other riders (any rider's for a
 *   visitor without a session).
 * - POST /api/contributions/validate {photoId, countIsRight} → 201 ContributionAnswer: +3, +5 when
 *   the verdict matches the cameras; 404 for an unknown photo, 409 `own_photo` for one's own, 409
 *   `already_validated` for a second verdict on one photo.
 */
import type { FastifyInstance } from 'fastify';

import * as contracts from '@/domain/contracts/contributions';
import { VALIDATION_POINTS, VALIDATION_POINTS_CORRECT } from '@/domain/contributions';

import { currentRider } from '../auth/session';
import { contributionAnswer, promoteIfEarned, recordContribution } from '../contributions/ledger';
import { photoForValidation, photosToValidate, saveValidation } from '../contributions/photo-validation-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';

const TO_VALIDATE_LIMIT = 5;
/** Photos older than this are no longer offered for validation. */
const VALIDATION_WINDOW_MS = 24 * 60 * 60_000;

export function registerPhotoValidationRoutes(
  api: FastifyInstance,
  deps: { database: Database; now?: () => number },
): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  route(api, contracts.listPhotosToValidate, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return photosToValidate(db, user?.id ?? null, new Date(clock() - VALIDATION_WINDOW_MS), TO_VALIDATE_LIMIT);
  });

  route(api, contracts.validatePhoto, {}, async (request, reply, user) => {
    const input = request.body;
    const photo = await photoForValidation(db, input.photoId);
    if (!photo) throw httpError(404, 'not_found', 'No such photo');
    if (photo.userId === user.id) throw httpError(409, 'own_photo', 'You cannot validate your own photo.');
    const now = new Date(clock());
    // "Right" = the count is accurate or close to the cameras' count; the verdict is correct when it agrees.
    const correct = input.countIsRight === (photo.accuracy !== 'off');
    const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      const added = await saveValidation(tx, {
        userId: user.id,
        photoId: photo.id,
        countIsRight: input.countIsRight,
        correct,
        now,
      });
      if (!added) throw httpError(409, 'already_validated', 'You already validated this photo.');
      const recorded = await recordContribution(tx, {
        userId: user.id,
        kind: 'validation',
        terminalId: photo.terminalId,
        points: correct ? VALIDATION_POINTS_CORRECT : VALIDATION_POINTS,
        note: null,
        details: { photoId: photo.id, countIsRight: input.countIsRight },
        now,
      });
      return contributionAnswer('validation', recorded);
    });
    await promoteIfEarned(deps.database, user.id, now);
    return reply.send(result);
  });
}
