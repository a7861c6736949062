/**
 * Community contributions API (rider-core §2 Community Contributions page, §3, §7, §9).
 *
 * - POST /api/contributions/photo (multipart: photo, terminal, lane, vehicleCount, gpsLatitude?,
 *   gpsLongitude?, timeOfDay?, shareData?) → 201 ContributionAnswer. 413 over 10 MB, 415 when the
 *   bytes are not an image (whatever the part's name or type), 400 for bad fields. Points: 10, 15 or
 *   25 by agreement with the cameras' count at that terminal and time; 0 for a photo already sent
 *   (by anyone) or a second count at one terminal within 2 minutes. With shareData (default on) the
 *   count becomes a rider report in queue_data/{terminal} and the community average.
 * - POST /api/contributions/wait-time {terminal, minutesWaited} +5, /capacity {terminal, level} +7,
 *   /amenity-status {amenityId, status} +3: one per terminal (amenity) per 10 minutes, else 409
 *   `too_soon` with when to try again.
 * - GET /api/contributions/to-validate → up to 5 recent photos of other riders;
 *   POST /api/contributions/validate {photoId, countIsRight} +3, +5 when the verdict matches the
 *   cameras; a photo once per rider, never one's own.
 * - GET /api/contributions/recent, /leaderboard?period=week|all, /challenges, /amenity-status;
 *   PUT /api/contributions/display-name {displayName}; GET /api/contributions/photos/:id/thumbnail.
 * All points pass the daily cap (src/domain/contributions.ts). Every rule that reads before it inserts
 * runs under the rider's row lock (and the photo's own lock for the duplicate rule), so concurrent
 * requests on PostgreSQL are judged one after the other (server/db/rider-lock.ts). Every write commits with its
 * Idempotency-Key answer in one transaction, so an upload retried from the outbox lands once.
 */
import { and, desc, eq, gte, inArray, ne, notExists, sql, sum } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AMENITY_STATUS_POINTS,
  CAPACITY_CHECK_POINTS,
  CAPACITY_LABELS,
  CONTRIBUTION_PHOTO_MAX_BYTES,
  LANES,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SIZE,
  PHOTO_INTERVAL_MS,
  PHOTO_TIME_MAX_AGE_MS,
  REPORT_INTERVAL_MS,
  VALIDATION_POINTS,
  VALIDATION_POINTS_CORRECT,
  VEHICLE_COUNT_MAX,
  WAIT_REPORT_POINTS,
  amenityStatusInputSchema,
  capacityCheckInputSchema,
  displayNameInputSchema,
  photoAccuracy,
  photoPoints,
  terminalWeekStart,
  validationInputSchema,
  waitReportInputSchema,
  type ContributionAnswer,
  type ContributionKind,
  type Leaderboard,
  type LeaderboardEntry,
  type RecentContribution,
} from '@/domain/contributions';
import { WAIT_MINUTES_PER_CAR } from '@/domain/community-queue';
import { contributorBadge } from '@/domain/membership';
import { USER_REPORT_CONFIDENCE } from '@/domain/queue-estimate';
import type { QueueDataValue } from '@/domain/realtime';
import { laneCameraCount, photoPlaceProblem, terminalOfFix } from '@/domain/photo-count';
import { QUEUE_TERMINAL_IDS, terminalById } from '@/domain/terminals';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { amenities, amenityStatuses, contributions, leaderboardNames, photoContributions, photoValidations, users } from '../db/schema';
import type { FerryFeed } from '../feed/ferry-feed';
import { simulate } from '../feed/simulator';
import { loadLayouts, queueAt } from '../queue/queue-model';
import { HttpError, httpError, parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { lockKey, lockRider } from '../db/rider-lock';
import { serialId } from '../http/params';
import { challengeProgress, promoteIfEarned, recordContribution } from '../contributions/ledger';
import { readStoredFile, storePhoto } from '../contributions/photo-files';

export interface ContributionRouteDeps {
  database: Database;
  config: { dataDir: string };
  /** Publishes a rider's count to queue_data/{terminal} and queue_history (absent in tests without a bridge). */
  publishQueueCount?: (count: QueueDataValue) => Promise<void>;
  /** The feed's sources: a photo is scored against the cameras only in the simulated world (absent = the simulator). */
  feed?: Pick<FerryFeed, 'sourceNames'>;
  now?: () => number;
}

const RECENT_LIMIT = 20;
const TO_VALIDATE_LIMIT = 5;
/** Photos older than this are no longer offered for validation. */
const VALIDATION_WINDOW_MS = 24 * 60 * 60_000;
/** A client's photo time may run ahead of the server's clock by this much. */
const CLOCK_SKEW_MS = 5 * 60_000;

const optionalNumber = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined || v === 'null' ? undefined : Number(v)), z.number().min(min).max(max).optional());

const photoFieldsSchema = z.object({
  terminal: z.enum(QUEUE_TERMINAL_IDS),
  lane: z.enum(LANES),
  vehicleCount: z.preprocess((v) => (v === '' ? undefined : Number(v)), z.number().int().min(1, 'vehicleCount must be above 0').max(VEHICLE_COUNT_MAX)),
  gpsLatitude: optionalNumber(-90, 90),
  gpsLongitude: optionalNumber(-180, 180),
  timeOfDay: z.string().datetime({ offset: true }).optional(),
  shareData: z.enum(['true', 'false']).optional(),
});

/** A refused photo field in the rider's words (never zod's): what to change in the form. */
function photoFieldProblem(field: string): string {
  if (field === 'vehicleCount') return `The vehicle count must be a whole number from 1 to ${VEHICLE_COUNT_MAX}: the cars in your lane.`;
  if (field === 'lane') return 'Choose a lane: Lane 1 to 4 or General Queue.';
  if (field === 'terminal') return 'Choose one of the five terminals.';
  return "The photo's details could not be read. Please fill in the form again.";
}

const leaderboardQuerySchema = z.object({ period: z.enum(LEADERBOARD_PERIODS).default('week') });
const photoParamsSchema = z.object({ id: serialId });

function pseudonym(userId: number): string {
  return `Rider ${(userId * 2654435761 % 0xfffff).toString(16).toUpperCase().padStart(5, '0')}`;
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function summaryOf(kind: ContributionKind, details: Record<string, unknown>, terminal: string | null, note: string | null): string {
  const where = terminal ? (terminalById(terminal)?.name ?? terminal) : '';
  switch (kind) {
    case 'photo':
      return `${String(details.vehicleCount)} vehicles, ${String(details.lane)} at ${where}`;
    case 'wait_time':
      return `Waited ${String(details.minutesWaited)} min at ${where}`;
    case 'capacity':
      return `Sailing capacity at ${where}: ${CAPACITY_LABELS[details.level as keyof typeof CAPACITY_LABELS] ?? String(details.level)}`;
    case 'amenity':
      return `${String(details.amenityName)} is ${String(details.status)}`;
    case 'validation':
      return `Checked a photo count: ${details.countIsRight ? 'right' : 'wrong'}`;
    case 'challenge':
      return note ?? 'Challenge complete';
  }
}

/** 409 `too_soon` when the rider made this kind of report about `subject` within REPORT_INTERVAL_MS. */
async function refuseTooSoon(tx: Db, userId: number, kind: ContributionKind, subject: { terminalId?: string; amenityId?: string }, label: string, now: Date): Promise<void> {
  // Read-then-insert: the rider's concurrent reports wait here, so the second sees the first.
  await lockRider(tx, userId);
  const since = new Date(now.getTime() - REPORT_INTERVAL_MS);
  const [last] = await tx
    .select({ createdAt: contributions.createdAt })
    .from(contributions)
    .where(
      and(
        eq(contributions.userId, userId),
        eq(contributions.kind, kind),
        gte(contributions.createdAt, since),
        subject.terminalId ? eq(contributions.terminalId, subject.terminalId) : sql`${contributions.details}->>'amenityId' = ${subject.amenityId ?? ''}`,
      ),
    )
    .orderBy(desc(contributions.createdAt))
    .limit(1);
  if (!last) return;
  const wait = last.createdAt.getTime() + REPORT_INTERVAL_MS - now.getTime();
  throw httpError(409, 'too_soon', `You already reported ${label} in the last 10 minutes. You can report again in ${minutesText(wait)}.`);
}

function answer(kind: ContributionKind, recorded: { id: number; points: number; note: string | null; balance: number }): ContributionAnswer {
  return { id: recorded.id, kind, rewardPointsEarned: recorded.points, note: recorded.note, rewardPointsBalance: recorded.balance };
}

async function readPhotoUpload(request: FastifyRequest): Promise<{ bytes: Buffer | null; fields: Record<string, string> }> {
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

export function registerContributionRoutes(api: FastifyInstance, deps: ContributionRouteDeps): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  // Multipart is read only by the photo route: its parser lives in this scope alone.
  void api.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CONTRIBUTION_PHOTO_MAX_BYTES, files: 1, fields: 12, fieldSize: 1024, parts: 14 },
    });

    scope.post('/contributions/photo', async (request, reply) => {
      let upload: Awaited<ReturnType<typeof readPhotoUpload>>;
      try {
        upload = await readPhotoUpload(request);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, 'photo_too_large', 'Please select an image under 10MB.');
        const status = (error as { statusCode?: number }).statusCode;
        if (error instanceof HttpError || (typeof status === 'number' && status < 500)) throw error;
        // Whatever else the parser meets (no boundary, a body cut short) is the upload's fault, not ours.
        throw httpError(400, 'invalid_multipart', 'The upload is not complete multipart/form-data; send the photo again');
      }
      const parsed = photoFieldsSchema.safeParse(upload.fields);
      if (!parsed.success) throw httpError(400, 'invalid_request', photoFieldProblem(String(parsed.error.issues[0]?.path[0] ?? '')));
      if (!upload.bytes || upload.bytes.length === 0) throw httpError(400, 'invalid_request', 'Invalid request: photo is required');
      const fields = parsed.data;
      const user = await requireRider(request, reply);
      const now = new Date(clock());
      const claimed = fields.timeOfDay ? Date.parse(fields.timeOfDay) : now.getTime();
      const takenAt = claimed <= now.getTime() + CLOCK_SKEW_MS && claimed >= now.getTime() - PHOTO_TIME_MAX_AGE_MS ? Math.min(claimed, now.getTime()) : now.getTime();
      const layouts = await loadLayouts(db);
      const fix = fields.gpsLatitude !== undefined && fields.gpsLongitude !== undefined ? { lat: fields.gpsLatitude, lng: fields.gpsLongitude } : null;
      const placeProblem = photoPlaceProblem(fields.terminal, fix ? terminalOfFix(layouts, fix) : null, fix !== null);
      if (placeProblem) throw httpError(422, 'not_at_terminal', placeProblem);
      // Scored against what the form asks for: the cars in the rider's lane (src/domain/photo-count.ts).
      // The cameras' counts are the simulator's: a rider's photo of a real lane is scored against them
      // only when the whole world is simulated; under a real source it is "unchecked".
      const simulatedWorld = (deps.feed?.sourceNames() ?? ['simulator']).every((name) => name === 'simulator');
      const camera = simulatedWorld ? simulate(takenAt).queueCounts.find((c) => c.terminalId === fields.terminal) : undefined;
      const layout = layouts.find((l) => l.terminalId === fields.terminal);
      const cameraCount =
        camera && camera.source === 'camera' && layout ? laneCameraCount(layout, queueAt(layout, camera).occupancy, camera.vehicleCount, fields.lane, fix) : null;
      const accuracy = photoAccuracy(fields.vehicleCount, cameraCount);
      const stored = await storePhoto(deps.config.dataDir, upload.bytes);

      let published = false;
      const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
        // The 2-minute rule is the rider's, the duplicate rule spans riders: both read, then insert.
        await lockRider(tx, user.id);
        await lockKey(tx, `photo:${stored.sha256}`);
        const [seen] = await tx.select({ id: photoContributions.contributionId }).from(photoContributions).where(eq(photoContributions.photoSha256, stored.sha256)).limit(1);
        const [recent] = await tx
          .select({ id: photoContributions.contributionId })
          .from(photoContributions)
          .where(
            and(
              eq(photoContributions.userId, user.id),
              eq(photoContributions.terminalId, fields.terminal),
              gte(photoContributions.createdAt, new Date(now.getTime() - PHOTO_INTERVAL_MS)),
            ),
          )
          .limit(1);
        const duplicate = seen !== undefined;
        const points = recent ? 0 : photoPoints(accuracy, duplicate);
        const note = duplicate
          ? 'This photo was already submitted, so it earns no points again.'
          : recent
            ? 'You counted this terminal less than 2 minutes ago; this count earns no points.'
            : null;
        const recorded = await recordContribution(tx, {
          userId: user.id,
          kind: 'photo',
          terminalId: fields.terminal,
          points,
          note,
          details: { vehicleCount: fields.vehicleCount, lane: fields.lane },
          now,
        });
        await tx.insert(photoContributions).values({
          contributionId: recorded.id,
          userId: user.id,
          terminalId: fields.terminal,
          lane: fields.lane,
          vehicleCount: fields.vehicleCount,
          cameraCount,
          accuracy,
          duplicate,
          photoSha256: stored.sha256,
          photoFile: stored.photoFile,
          thumbnailFile: stored.thumbnailFile,
          gpsLatitude: fields.gpsLatitude ?? null,
          gpsLongitude: fields.gpsLongitude ?? null,
          takenAt: new Date(takenAt),
          createdAt: now,
        });
        published = !duplicate && fields.shareData !== 'false';
        return answer('photo', recorded);
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

  api.post('/contributions/wait-time', async (request, reply) => {
    const input = parseBody(waitReportInputSchema, request.body);
    const terminal = terminalById(input.terminal);
    if (!terminal) throw httpError(400, 'invalid_request', 'Invalid request: terminal: unknown terminal');
    const user = await requireRider(request, reply);
    const now = new Date(clock());
    const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      await refuseTooSoon(tx, user.id, 'wait_time', { terminalId: terminal.id }, `the wait at ${terminal.name}`, now);
      const recorded = await recordContribution(tx, {
        userId: user.id,
        kind: 'wait_time',
        terminalId: terminal.id,
        points: WAIT_REPORT_POINTS,
        note: null,
        details: { minutesWaited: input.minutesWaited },
        now,
      });
      return answer('wait_time', recorded);
    });
    // The community wait is the mean count times 2 minutes: a wait report joins it as its count.
    await deps.publishQueueCount?.({
      terminalId: terminal.id,
      vehicleCount: Math.round(input.minutesWaited / WAIT_MINUTES_PER_CAR),
      timestamp: now.getTime(),
      userReported: true,
      confidence: USER_REPORT_CONFIDENCE,
      source: 'user_wait',
    });
    return reply.send(result);
  });

  api.post('/contributions/capacity', async (request, reply) => {
    const input = parseBody(capacityCheckInputSchema, request.body);
    const terminal = terminalById(input.terminal);
    if (!terminal) throw httpError(400, 'invalid_request', 'Invalid request: terminal: unknown terminal');
    const user = await requireRider(request, reply);
    const now = new Date(clock());
    const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      await refuseTooSoon(tx, user.id, 'capacity', { terminalId: terminal.id }, `the sailing's capacity at ${terminal.name}`, now);
      const recorded = await recordContribution(tx, {
        userId: user.id,
        kind: 'capacity',
        terminalId: terminal.id,
        points: CAPACITY_CHECK_POINTS,
        note: null,
        details: { level: input.level },
        now,
      });
      return answer('capacity', recorded);
    });
    return reply.send(result);
  });

  api.post('/contributions/amenity-status', async (request, reply) => {
    const input = parseBody(amenityStatusInputSchema, request.body);
    const [amenity] = await db.select().from(amenities).where(eq(amenities.id, input.amenityId)).limit(1);
    if (!amenity) throw httpError(404, 'not_found', 'No such amenity');
    const user = await requireRider(request, reply);
    const now = new Date(clock());
    const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      await refuseTooSoon(tx, user.id, 'amenity', { amenityId: amenity.id }, `${amenity.name}`, now);
      await tx
        .insert(amenityStatuses)
        .values({ amenityId: amenity.id, status: input.status, reportedAt: now })
        .onConflictDoUpdate({ target: amenityStatuses.amenityId, set: { status: input.status, reportedAt: now } });
      const recorded = await recordContribution(tx, {
        userId: user.id,
        kind: 'amenity',
        terminalId: null,
        points: AMENITY_STATUS_POINTS,
        note: null,
        details: { amenityId: amenity.id, amenityName: amenity.name, status: input.status },
        now,
      });
      return answer('amenity', recorded);
    });
    return reply.send(result);
  });

  /** The latest rider-reported status per amenity, for the amenity buttons. */
  api.get('/contributions/amenity-status', async () => {
    const rows = await db.select().from(amenityStatuses);
    return Object.fromEntries(rows.map((r) => [r.amenityId, { status: r.status, reportedAt: r.reportedAt.toISOString() }]));
  });

  api.get('/contributions/to-validate', async (request, reply) => {
    const user = await currentRider(request, reply);
    const since = new Date(clock() - VALIDATION_WINDOW_MS);
    const rows = await db
      .select()
      .from(photoContributions)
      .where(
        and(
          gte(photoContributions.createdAt, since),
          eq(photoContributions.duplicate, false),
          user ? ne(photoContributions.userId, user.id) : undefined,
          user
            ? notExists(
                db
                  .select({ one: sql`1` })
                  .from(photoValidations)
                  .where(and(eq(photoValidations.photoId, photoContributions.contributionId), eq(photoValidations.userId, user.id))),
              )
            : undefined,
        ),
      )
      .orderBy(desc(photoContributions.createdAt))
      .limit(TO_VALIDATE_LIMIT);
    return rows.map((r) => ({
      id: r.contributionId,
      terminal: r.terminalId,
      lane: r.lane,
      vehicleCount: r.vehicleCount,
      takenAt: r.takenAt.toISOString(),
      thumbnailUrl: `/api/contributions/photos/${r.contributionId}/thumbnail`,
    }));
  });

  api.post('/contributions/validate', async (request, reply) => {
    const input = parseBody(validationInputSchema, request.body);
    const [photo] = await db.select().from(photoContributions).where(eq(photoContributions.contributionId, input.photoId)).limit(1);
    if (!photo) throw httpError(404, 'not_found', 'No such photo');
    const user = await requireRider(request, reply);
    if (photo.userId === user.id) throw httpError(409, 'own_photo', 'You cannot validate your own photo.');
    const now = new Date(clock());
    // "Right" = the count is accurate or close to the cameras' count; the verdict is correct when it agrees.
    const correct = input.countIsRight === (photo.accuracy !== 'off');
    const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      const [added] = await tx
        .insert(photoValidations)
        .values({ userId: user.id, photoId: photo.contributionId, countIsRight: input.countIsRight, correct, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: photoValidations.id });
      if (!added) throw httpError(409, 'already_validated', 'You already validated this photo.');
      const recorded = await recordContribution(tx, {
        userId: user.id,
        kind: 'validation',
        terminalId: photo.terminalId,
        points: correct ? VALIDATION_POINTS_CORRECT : VALIDATION_POINTS,
        note: null,
        details: { photoId: photo.contributionId, countIsRight: input.countIsRight },
        now,
      });
      return answer('validation', recorded);
    });
    await promoteIfEarned(deps.database, user.id, now);
    return reply.send(result);
  });

  api.get('/contributions/photos/:id/thumbnail', async (request, reply) => {
    const { id } = parseParams(photoParamsSchema, request.params);
    const [photo] = await db.select({ file: photoContributions.thumbnailFile }).from(photoContributions).where(eq(photoContributions.contributionId, id)).limit(1);
    if (!photo) throw httpError(404, 'not_found', 'No such photo');
    const bytes = await readStoredFile(deps.config.dataDir, photo.file).catch(() => null);
    if (!bytes) throw httpError(404, 'not_found', 'The photo file is gone');
    return reply.header('Cache-Control', 'private, max-age=86400, immutable').type('image/jpeg').send(bytes);
  });

  api.get('/contributions/recent', async (request, reply): Promise<RecentContribution[]> => {
    const user = await currentRider(request, reply);
    if (!user) return [];
    const rows = await db
      .select({ c: contributions, photo: photoContributions })
      .from(contributions)
      .leftJoin(photoContributions, eq(photoContributions.contributionId, contributions.id))
      .where(eq(contributions.userId, user.id))
      .orderBy(desc(contributions.createdAt), desc(contributions.id))
      .limit(RECENT_LIMIT);
    return rows.map(({ c, photo }) => ({
      id: c.id,
      kind: c.kind,
      terminal: c.terminalId,
      summary: summaryOf(c.kind, c.details, c.terminalId, c.note),
      points: c.points,
      status: photo ? (photo.duplicate ? 'duplicate' : photo.accuracy) : 'received',
      thumbnailUrl: photo ? `/api/contributions/photos/${c.id}/thumbnail` : null,
      createdAt: c.createdAt.toISOString(),
    }));
  });

  api.get('/contributions/challenges', async (request, reply) => {
    const user = await currentRider(request, reply);
    return challengeProgress(db, user?.id ?? 0, new Date(clock()));
  });

  api.put('/contributions/display-name', async (request, reply) => {
    const input = parseBody(displayNameInputSchema, request.body);
    const user = await requireRider(request, reply);
    const result = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      await tx
        .insert(leaderboardNames)
        .values({ userId: user.id, displayName: input.displayName })
        .onConflictDoUpdate({ target: leaderboardNames.userId, set: { displayName: input.displayName } });
      return { displayName: input.displayName };
    });
    return reply.send(result);
  });

  api.get('/contributions/leaderboard', async (request, reply): Promise<Leaderboard> => {
    const { period } = parseQuery(leaderboardQuerySchema, request.query);
    const user = await currentRider(request, reply);
    const since = period === 'week' ? new Date(terminalWeekStart(clock())) : null;
    const points = since ? sum(contributions.points).mapWith(Number) : sql<number>`max(${users.contributionScore})`.mapWith(Number);
    const ranked = db.$with('ranked').as(
      db
        .select({
          userId: users.id,
          score: sql<number>`max(${users.contributionScore})`.mapWith(Number).as('score'),
          points: points.as('points'),
          displayName: sql<string | null>`max(${leaderboardNames.displayName})`.as('display_name'),
          rank: sql<number>`rank() over (order by ${points} desc)`.mapWith(Number).as('rank'),
        })
        .from(users)
        .leftJoin(contributions, since ? and(eq(contributions.userId, users.id), gte(contributions.createdAt, since)) : sql`false`)
        .leftJoin(leaderboardNames, eq(leaderboardNames.userId, users.id))
        .where(since ? sql`true` : sql`${users.contributionScore} > 0`)
        .groupBy(users.id)
        .having(since ? sql`coalesce(${sum(contributions.points)}, 0) > 0` : sql`true`),
    );
    const top = await db.with(ranked).select().from(ranked).orderBy(ranked.rank, ranked.userId).limit(LEADERBOARD_SIZE);
    const mine = user ? await db.with(ranked).select().from(ranked).where(inArray(ranked.userId, [user.id])) : [];
    const toEntry = (r: (typeof top)[number]): LeaderboardEntry => ({
      rank: r.rank,
      displayName: r.displayName ?? pseudonym(r.userId),
      points: r.points,
      badge: contributorBadge(r.score),
      you: r.userId === user?.id,
    });
    return { period, entries: top.map(toEntry), you: mine[0] ? toEntry(mine[0]) : null };
  });
}
