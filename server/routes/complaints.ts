/**
 * Complaint engine API (rider-core §2, §7). The session decides whose complaint it is: any `userId`
 * in the body is ignored (the contract's schema strips unknown keys). GET answers only the caller's
 * own complaints, newest first, at most COMPLAINT_LIST_LIMIT, in the `Complaint` shape the client stores.
 */
import type { FastifyInstance } from 'fastify';

import { COMPLAINT_LIST_LIMIT, fileComplaint, listComplaints } from '@/domain/contracts/complaints';

import { currentRider } from '../auth/session';
import { insertComplaint, riderComplaints } from '../complaints/complaint-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';

export function registerComplaintRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  route(api, fileComplaint, {}, async (request, reply, user) => {
    return reply.send(
      await commitWrite(database, request, reply, 201, (tx) => insertComplaint(tx, user.id, request.body)),
    );
  });

  route(api, listComplaints, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return user ? riderComplaints(database, user.id, COMPLAINT_LIST_LIMIT) : [];
  });
}
