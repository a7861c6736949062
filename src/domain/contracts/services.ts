/** What this server can really do for a rider (src/domain/services.ts). */
import { servicesSchema } from '../services';
import { defineContract } from './contract';

export const services = defineContract({
  method: 'GET',
  path: '/api/services',
  summary:
    'The Ninja Booking provider (null: riders book openings themselves), the delivery channels that deliver, the payment provider (null: nothing is charged in the app) and the watcher check interval',
  tag: 'Services',
  access: 'anyone',
  responses: { 200: servicesSchema },
});
