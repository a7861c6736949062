/**
 * Photo counts (rider-core §2 Community Contributions page, §3, §7, §9).
 *
 * - POST /api/contributions/photo (multipart: photo, terminal, lane, vehicleCount, gpsLatitude?,
 *   gpsLongitude?, timeOfDay?, shareData?) → 201 ContributionAnswer. 413 over 10 MB, 415 when the
 *   bytes are not an image (whatever the part's name or type), 400 for bad fields, 422 when the GPS
 *   fix is not at the terminal named. Points: 10, 15 or 25 by agreement with the cameras' count at
 *   that terminal and time; 0 for a photo already sent (by anyone) or a second count at one terminal
 *   within 2 minutes (server/contributions/photo-count-repository.ts). With shareData (default on)
 *   the count becomes a rider report in queue_data/{terminal} and the community average.
 * - GET /api/contributions/photos/:id/thumbnail → the photo's JPEG thumbnail.
 * The write commits with its Idempotency-Key answer in one transaction, so an upload retried from
 * the outbox lands once.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import * as contracts from '@/domain/contracts/contributions';
import { CONTRIBUTION_PHOTO_MAX_BYTES, LANES, PHOTO_TIME_MAX_AGE_MS, VEHICLE_COUNT_MAX } from '@/domain/contributions';
import { USER_REPORT_CONFIDENCE } from '@/domain/queue-estimate';
import type { QueueDataValue } from '@/domain/realtime';
import { QUEUE_TERMINAL_IDS } from '@/domain/terminals';

import { contributionAnswer, promoteIfEarned } from '../contributions/ledger';
import { recordPhotoCount, thumbnailFileOf } from '../contributions/photo-count-repository';
import { readStoredFile, storePhoto } from '../contributions/photo-files';
import { scorePhoto } from '../contributions/photo-scoring';
import type { Database } from '../db/client';
import type { FerryFeed } from '../feed/ferry-feed';
import { route } from '../http/contract-route';
import { HttpError, httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';

export interface PhotoCountRouteDeps {
  database: Database;
  config: { dataDir: string };
  /** Publishes a rider's count to queue_data/{terminal} and queue_history (absent in tests without a bridge). */
  publishQueueCount?: (count: QueueDataValue) => Promise<void>;
  /** The feed's sources: a photo is scored against the cameras only in the simulated world (absent = the simulator). */
  feed?: Pick<FerryFeed, 'laneCountsSimulated'>;
  now?: () => number;
}

/** A client's photo time may run ahead of the server's clock by this much. */
const CLOCK_SKEW_MS = 5 * 60_000;

const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === 'null' ? undefined : Number(v)),
    z.number().min(min).max(max).optional(),
  );

const photoFieldsSchema = z.object({
  terminal: z.enum(QUEUE_TERMINAL_IDS),
  lane: z.enum(LANES),
  vehicleCount: z.preprocess(
    (v) => (v === '' ? undefined : Number(v)),
    z.number().int().min(1, 'vehicleCount must be above 0').max(VEHICLE_COUNT_MAX),
  ),
  gpsLatitude: optionalNumber(-90, 90),
  gpsLongitude: optionalNumber(-180, 180),
  timeOfDay: z.string().datetime({ offset: true }).optional(),
  shareData: z.enum(['true', 'false']).optional(),
});

/** A refused photo field in the rider's words (never zod's): what to change in the form. */
function photoFieldProblem(field: string): string {
  if (field === 'vehicleCount')
    return `The vehicle count must be a whole number from 1 to ${VEHICLE_COUNT_MAX}: the cars in your lane.`;
  if (field === 'lane') return 'Choose a lane: Lane 1 to 4 or General Queue.';
  if (field === 'terminal') return 'Choose one of the five terminals.';
  return "The photo's details could not be read. Please fill in the form again.";
}

async function readPhotoUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw httpError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.fieldname === 'photo') bytes = buffer;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { bytes, fields };
}

/** The upload's bytes and fields, or the 4xx that says what is wrong with it. */
async function photoUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fields: z.output<typeof photoFieldsSchema> }> {
  let upload: Awaited<ReturnType<typeof readPhotoUpload>>;
  try {
    upload = await readPhotoUpload(request);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw httpError(413, 'photo_too_large', 'Please select an image under 10MB.');
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (typeof status === 'number' && status < 500)) throw error;
    // Whatever else the parser meets (no boundary, a body cut short) is the upload's fault, not ours.
    throw httpError(400, 'invalid_multipart', 'The upload is not complete multipart/form-data; send the photo again');
  }
  const parsed = photoFieldsSchema.safeParse(upload.fields);
  if (!parsed.success)
    throw httpError(400, 'invalid_request', photoFieldProblem(String(parsed.error.issues[0]?.path[0] ?? '')));
  if (!upload.bytes || upload.bytes.length === 0)
    throw httpError(400, 'invalid_request', 'Invalid request: photo is required');
  return { bytes: upload.bytes, fields: parsed.data };
}

/** The photo's time as the client says, unless it is ahead of the server or too old to be believed. */
function photoTime(timeOfDay: string | undefined, now: number): number {
  const claimed = timeOfDay ? Date.parse(timeOfDay) : now;
  return claimed <= now + CLOCK_SKEW_MS && claimed >= now - PHOTO_TIME_MAX_AGE_MS ? Math.min(claimed, now) : now;
}

export function registerPhotoCountRoutes(api: FastifyInstance, deps: PhotoCountRouteDeps): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  // Multipart is read only by the photo route: its parser lives in this scope alone.
  void api.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CONTRIBUTION_PHOTO_MAX_BYTES, files: 1, fields: 12, fieldSize: 1024, parts: 14 },
    });

    route(scope, contracts.sendPhotoCount, {}, async (request, reply, user) => {
      const { bytes, fields } = await photoUpload(request);
      const now = new Date(clock());
      const takenAt = photoTime(fields.timeOfDay, now.getTime());
      const fix =
        fields.gpsLatitude !== undefined && fields.gpsLongitude !== undefined
          ? { lat: fields.gpsLatitude, lng: fields.gpsLongitude }
          : null;
      const score = await scorePhoto(db, deps.feed, {
        terminal: fields.terminal,
        lane: fields.lane,
        vehicleCount: fields.vehicleCount,
        fix,
        takenAt,
      });
      if (score.placeProblem !== null) throw httpError(422, 'not_at_terminal', score.placeProblem);
      const stored = await storePhoto(deps.config.dataDir, bytes);
      let published = false;
      const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
        const { recorded, duplicate } = await recordPhotoCount(tx, {
          userId: user.id,
          terminalId: fields.terminal,
          lane: fields.lane,
          vehicleCount: fields.vehicleCount,
          cameraCount: score.cameraCount,
          accuracy: score.accuracy,
          stored,
          gpsLatitude: fields.gpsLatitude ?? null,
          gpsLongitude: fields.gpsLongitude ?? null,
          takenAt: new Date(takenAt),
          now,
        });
        published = !duplicate && fields.shareData !== 'false';
        return contributionAnswer('photo', recorded);
      });
      if (published && deps.publishQueueCount) {
        await deps.publishQueueCount({
          terminalId: fields.terminal,
          vehicleCount: fields.vehicleCount,
          timestamp: takenAt,
          userReported: true,
          confidence: USER_REPORT_CONFIDENCE,
          source: 'user',
        });
      }
      await promoteIfEarned(deps.database, user.id, now);
      return reply.send(result);
    });
  });

  route(api, contracts.photoThumbnail, {}, async (request, reply) => {
    const file = await thumbnailFileOf(db, request.params.id);
    if (!file) throw httpError(404, 'not_found', 'No such photo');
    const bytes = await readStoredFile(deps.config.dataDir, file).catch(() => null);
    if (!bytes) throw httpError(404, 'not_found', 'The photo file is gone');
    return reply.header('Cache-Control', 'private, max-age=86400, immutable').type('image/jpeg').send(bytes);
  });
}
