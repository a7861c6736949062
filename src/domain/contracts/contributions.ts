/**
 * Community contributions' endpoints (rider-core §2 Community Contributions page, §3, §7, §9):
 * photo counts, reports, photo validations, the rider's progress and the leaderboard.
 */
import { z } from 'zod/mini';

import {
  amenityStatusesSchema,
  amenityStatusInputSchema,
  capacityCheckInputSchema,
  challengeProgressSchema,
  contributionAnswerSchema,
  displayNameAnswerSchema,
  displayNameInputSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  photoToValidateSchema,
  recentContributionSchema,
  validationInputSchema,
  waitReportInputSchema,
} from '../contributions';
import { defineContract } from './contract';
import { serialIdParam } from './params';

const tag = 'Contributions';

/** The parts of a photo count's multipart body (the photo's bytes in `photo`). */
export const PHOTO_COUNT_PARTS = [
  'photo',
  'terminal',
  'lane',
  'vehicleCount',
  'gpsLatitude',
  'gpsLongitude',
  'timeOfDay',
  'shareData',
] as const;

export const sendPhotoCount = defineContract({
  method: 'POST',
  path: '/api/contributions/photo',
  summary:
    "Sends a photo of the rider's lane with its car count; points by agreement with the cameras (413 over 10 MB, 415 not an image, 422 not at the terminal)",
  tag,
  access: 'rider',
  multipart: PHOTO_COUNT_PARTS,
  responses: { 201: contributionAnswerSchema },
});

export const photoThumbnail = defineContract({
  method: 'GET',
  path: '/api/contributions/photos/:id/thumbnail',
  summary: "A contributed photo's JPEG thumbnail",
  tag,
  access: 'anyone',
  params: z.object({ id: serialIdParam }),
  responses: {},
});

export const reportWaitTime = defineContract({
  method: 'POST',
  path: '/api/contributions/wait-time',
  summary: 'Reports how long the rider waited at a terminal (one per terminal per 10 minutes, else 409 too_soon)',
  tag,
  access: 'rider',
  body: waitReportInputSchema,
  responses: { 201: contributionAnswerSchema },
});

export const reportCapacity = defineContract({
  method: 'POST',
  path: '/api/contributions/capacity',
  summary: "Reports the next sailing's capacity at a terminal (one per terminal per 10 minutes, else 409 too_soon)",
  tag,
  access: 'rider',
  body: capacityCheckInputSchema,
  responses: { 201: contributionAnswerSchema },
});

export const reportAmenityStatus = defineContract({
  method: 'POST',
  path: '/api/contributions/amenity-status',
  summary: "Reports an amenity's status: open, closed or busy (one per amenity per 10 minutes, else 409 too_soon)",
  tag,
  access: 'rider',
  body: amenityStatusInputSchema,
  responses: { 201: contributionAnswerSchema },
});

export const listAmenityStatuses = defineContract({
  method: 'GET',
  path: '/api/contributions/amenity-status',
  summary: 'The latest rider-reported status per amenity id',
  tag,
  access: 'anyone',
  responses: { 200: amenityStatusesSchema },
});

export const listPhotosToValidate = defineContract({
  method: 'GET',
  path: '/api/contributions/to-validate',
  summary: 'Up to 5 recent photo counts of other riders that the caller has not judged yet',
  tag,
  access: 'anyone',
  responses: { 200: z.array(photoToValidateSchema) },
});

export const validatePhoto = defineContract({
  method: 'POST',
  path: '/api/contributions/validate',
  summary: "Judges another rider's photo count: right or wrong (once per photo, never one's own)",
  tag,
  access: 'rider',
  body: validationInputSchema,
  responses: { 201: contributionAnswerSchema },
});

export const listRecentContributions = defineContract({
  method: 'GET',
  path: '/api/contributions/recent',
  summary: "The caller's 20 newest contributions as the server counted them (empty without a session)",
  tag,
  access: 'anyone',
  responses: { 200: z.array(recentContributionSchema) },
});

export const listChallenges = defineContract({
  method: 'GET',
  path: '/api/contributions/challenges',
  summary: "This week's challenges with the caller's progress",
  tag,
  access: 'anyone',
  responses: { 200: z.array(challengeProgressSchema) },
});

export const readLeaderboard = defineContract({
  method: 'GET',
  path: '/api/contributions/leaderboard',
  summary: "The top riders by this week's points or all time, and the caller's own rank",
  tag,
  access: 'anyone',
  query: leaderboardQuerySchema,
  responses: { 200: leaderboardSchema },
});

export const setDisplayName = defineContract({
  method: 'PUT',
  path: '/api/contributions/display-name',
  summary: 'Sets the name the rider shows under on the leaderboard',
  tag,
  access: 'rider',
  body: displayNameInputSchema,
  responses: { 200: displayNameAnswerSchema },
});
