/**
 * Community reports (rider-core §2 "Other ways to help", §7, §9).
 *
 * - POST /api/contributions/wait-time {terminal, minutesWaited} +5, /capacity {terminal, level} +7,
 *   /amenity-status {amenityId, status} +3: one per terminal (amenity) per 10 minutes, else 409
 *   `too_soon` with when to try again. A wait report also joins the terminal's community wait.
 * - GET /api/contributions/amenity-status → the latest rider-reported status per amenity.
 * The 10-minute rule reads before it inserts under the rider's row lock
 * (server/contributions/report-repository.ts); every write commits with its Idempotency-Key answer
 * in one transaction.
 */
import type { FastifyInstance } from 'fastify';

import { WAIT_MINUTES_PER_CAR } from '@/domain/community-queue';
import * as contracts from '@/domain/contracts/contributions';
import {
  AMENITY_STATUS_POINTS,
  CAPACITY_CHECK_POINTS,
  WAIT_REPORT_POINTS,
  type ContributionAnswer,
  type ContributionKind,
} from '@/domain/contributions';
import { USER_REPORT_CONFIDENCE } from '@/domain/queue-estimate';
import type { QueueDataValue } from '@/domain/realtime';
import { terminalById, type Terminal } from '@/domain/terminals';

import { contributionAnswer, recordContribution } from '../contributions/ledger';
import {
  amenityById,
  amenityStatusesById,
  reportRetryInMs,
  saveAmenityStatus,
  type ReportSubject,
} from '../contributions/report-repository';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';

export interface CommunityReportRouteDeps {
  database: Database;
  /** Publishes a rider's count to queue_data/{terminal} and queue_history (absent in tests without a bridge). */
  publishQueueCount?: (count: QueueDataValue) => Promise<void>;
  now?: () => number;
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

interface Report {
  kind: ContributionKind;
  subject: ReportSubject;
  /** What was reported, for the too_soon message ("the wait at Horseshoe Bay"). */
  label: string;
  terminalId: string | null;
  points: number;
  details: Record<string, unknown>;
}

/**
 * Records the report and its points inside the write's transaction; 409 `too_soon` when the rider
 * made this kind of report about its subject within the last 10 minutes.
 */
async function recordReport(tx: Db, userId: number, report: Report, now: Date): Promise<ContributionAnswer> {
  const wait = await reportRetryInMs(tx, userId, report.kind, report.subject, now);
  if (wait > 0)
    throw httpError(
      409,
      'too_soon',
      `You already reported ${report.label} in the last 10 minutes. You can report again in ${minutesText(wait)}.`,
    );
  const recorded = await recordContribution(tx, {
    userId,
    kind: report.kind,
    terminalId: report.terminalId,
    points: report.points,
    note: null,
    details: report.details,
    now,
  });
  return contributionAnswer(report.kind, recorded);
}

function knownTerminal(id: string): Terminal {
  const terminal = terminalById(id);
  if (!terminal) throw httpError(400, 'invalid_request', 'Invalid request: terminal: unknown terminal');
  return terminal;
}

/** A report about a terminal: `what` is named in the too_soon message with the terminal's name. */
function atTerminal(
  terminal: Terminal,
  kind: ContributionKind,
  what: string,
  points: number,
  details: Record<string, unknown>,
): Report {
  return {
    kind,
    subject: { terminalId: terminal.id },
    label: `${what} at ${terminal.name}`,
    terminalId: terminal.id,
    points,
    details,
  };
}

export function registerCommunityReportRoutes(api: FastifyInstance, deps: CommunityReportRouteDeps): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  route(api, contracts.reportWaitTime, {}, async (request, reply, user) => {
    const input = request.body;
    const terminal = knownTerminal(input.terminal);
    const now = new Date(clock());
    const report = atTerminal(terminal, 'wait_time', 'the wait', WAIT_REPORT_POINTS, {
      minutesWaited: input.minutesWaited,
    });
    const result = await commitWrite(deps.database, request, reply, 201, (tx) =>
      recordReport(tx, user.id, report, now),
    );
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

  route(api, contracts.reportCapacity, {}, async (request, reply, user) => {
    const input = request.body;
    const terminal = knownTerminal(input.terminal);
    const now = new Date(clock());
    const report = atTerminal(terminal, 'capacity', "the sailing's capacity", CAPACITY_CHECK_POINTS, {
      level: input.level,
    });
    const result = await commitWrite(deps.database, request, reply, 201, (tx) =>
      recordReport(tx, user.id, report, now),
    );
    return reply.send(result);
  });

  route(api, contracts.reportAmenityStatus, {}, async (request, reply, user) => {
    const input = request.body;
    const amenity = await amenityById(db, input.amenityId);
    if (!amenity) throw httpError(404, 'not_found', 'No such amenity');
    const now = new Date(clock());
    const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      const answer = await recordReport(
        tx,
        user.id,
        {
          kind: 'amenity',
          subject: { amenityId: amenity.id },
          label: amenity.name,
          terminalId: null,
          points: AMENITY_STATUS_POINTS,
          details: { amenityId: amenity.id, amenityName: amenity.name, status: input.status },
        },
        now,
      );
      await saveAmenityStatus(tx, amenity.id, input.status, now);
      return answer;
    });
    return reply.send(result);
  });

  /** The latest rider-reported status per amenity, for the amenity buttons. */
  route(api, contracts.listAmenityStatuses, {}, () => amenityStatusesById(db));
}
