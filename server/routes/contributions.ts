/**
 * Community contributions API (rider-core §2 Community Contributions page, §3, §7, §9), one file per
 * resource: photo counts (./contribution-photos.ts), wait-time, capacity and amenity reports
 * (./contribution-reports.ts), photo validations (./contribution-validations.ts), the rider's recent
 * contributions and challenges (./contribution-progress.ts) and the leaderboard
 * (./contribution-leaderboard.ts). Their data lives in server/contributions/.
 *
 * All points pass the daily cap through the points ledger (server/contributions/ledger.ts). Every
 * rule that reads before it inserts runs under the rider's row lock (and the photo's own lock for
 * the duplicate rule), so concurrent requests on PostgreSQL are judged one after the other
 * (server/db/rider-lock.ts). Every write commits with its Idempotency-Key answer in one transaction.
 */
import type { FastifyInstance } from 'fastify';

import { registerLeaderboardRoutes } from './contribution-leaderboard';
import { registerPhotoCountRoutes, type PhotoCountRouteDeps } from './contribution-photos';
import { registerContributionProgressRoutes } from './contribution-progress';
import { registerCommunityReportRoutes } from './contribution-reports';
import { registerPhotoValidationRoutes } from './contribution-validations';

export type ContributionRouteDeps = PhotoCountRouteDeps;

export function registerContributionRoutes(api: FastifyInstance, deps: ContributionRouteDeps): void {
  registerPhotoCountRoutes(api, deps);
  registerCommunityReportRoutes(api, deps);
  registerPhotoValidationRoutes(api, deps);
  registerContributionProgressRoutes(api, deps);
  registerLeaderboardRoutes(api, deps);
}
