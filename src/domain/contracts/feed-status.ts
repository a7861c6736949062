/** What the ferry feed's sources are doing (src/domain/feed-status.ts): public, nothing secret in it. */
import { feedStatusSchema } from '../feed-status';
import { defineContract } from './contract';

export const feedStatus = defineContract({
  method: 'GET',
  path: '/api/feed/status',
  summary:
    'Each ferry data source with its last success, last change and last error, the rows and routes dropped from the last document, the MMSIs subscribed and the vessels heard from, whether it is simulated, and why the simulator stands in when it does',
  tag: 'Ferry feed',
  access: 'anyone',
  responses: { 200: feedStatusSchema },
});
