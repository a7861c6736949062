/** The feed's vessels in the spec's Ferry shape (rider-core §3, §7). */
import { ferryListSchema } from '../ferry';
import { defineContract } from './contract';

export const listFerries = defineContract({
  method: 'GET',
  path: '/api/ferries',
  summary: 'The current vessels, earliest next departure first (an ETag per list: a client holding it gets a 304)',
  tag: 'Ferry feed',
  access: 'anyone',
  responses: { 200: ferryListSchema },
});
