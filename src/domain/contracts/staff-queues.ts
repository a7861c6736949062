/**
 * The staff dashboard's Operations queues (staff or admin): the orders not yet delivered and the
 * complaints, each paged newest first by default (src/domain/staff-page.ts), and answering a complaint.
 * Advancing an order is ./orders' contract.
 */
import { z } from 'zod/mini';

import { COMPLAINT_DESCRIPTION_MAX, staffComplaintSchema } from '../complaint';
import { staffPageQuerySchema, staffPageSchema } from '../staff-page';
import { ORDER_STATUSES } from '../store';
import { defineContract } from './contract';
import { serialIdParam } from './params';

/** An order as staff see it: what to bring where, and for whom. */
export const staffOrderSchema = z.object({
  id: z.int(),
  rider: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Dollars with two decimals, e.g. "12.50". */
  total: z.string(),
  deliveryLocation: z.string(),
  createdAt: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.int() })),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrders = defineContract({
  method: 'GET',
  path: '/api/staff/orders',
  summary: "A page of the orders not yet delivered, with their items and the rider's name",
  tag: 'Staff queues',
  access: 'staff',
  query: staffPageQuerySchema,
  responses: { 200: staffPageSchema(staffOrderSchema) },
});

export const STAFF_COMPLAINT_VIEWS = ['open', 'resolved'] as const;

export const staffComplaints = defineContract({
  method: 'GET',
  path: '/api/staff/complaints',
  summary: "A page of the open (default) or the resolved complaints, with the rider's name and contact details",
  tag: 'Staff queues',
  access: 'staff',
  query: z.extend(staffPageQuerySchema, { status: z._default(z.enum(STAFF_COMPLAINT_VIEWS), 'open') }),
  responses: { 200: staffPageSchema(staffComplaintSchema) },
});

export const answerStaffComplaint = defineContract({
  method: 'POST',
  path: '/api/staff/complaints/:id',
  summary:
    'Acknowledges (in_review) or resolves a complaint; resolving needs a reply, which the rider sees. A resolved complaint stays resolved (409)',
  tag: 'Staff queues',
  access: 'staff',
  params: z.object({ id: serialIdParam }),
  body: z
    .object({
      status: z.enum(['in_review', 'resolved']),
      reply: z.optional(z.string().check(z.trim(), z.maxLength(COMPLAINT_DESCRIPTION_MAX))),
    })
    .check(
      z.refine((u) => u.status !== 'resolved' || (u.reply ?? '').length > 0, {
        message: 'Write a reply to resolve the complaint',
        path: ['reply'],
      }),
    ),
  responses: { 200: staffComplaintSchema },
});
