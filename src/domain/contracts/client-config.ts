/** What the app needs at run time and cannot know at build time. */
import { clientConfigSchema } from '../realtime';
import { defineContract } from './contract';

export const readClientConfig = defineContract({
  method: 'GET',
  path: '/api/config',
  summary:
    'Where the realtime database is, the Web Push public key (null until push is configured), and whether desktop visitors get the landing page',
  tag: 'Configuration',
  access: 'anyone',
  responses: { 200: clientConfigSchema },
});
