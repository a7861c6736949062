/** Liveness and readiness in one, for load balancers and a person checking the server is up. */
import { z } from 'zod/mini';

import { defineContract } from './contract';

export const checkHealth = defineContract({
  method: 'GET',
  path: '/api/health',
  summary:
    "The server is up and its database answers (503 `db_unavailable` when it does not); which database, and the process's uptime",
  tag: 'Health',
  access: 'anyone',
  responses: { 200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), uptimeSeconds: z.int() }) },
});
