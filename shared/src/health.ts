import { z } from 'zod';

/** GET /api/health: the database answers (200) or not (503); `database` names the engine. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['embedded', 'postgres']),
});
/** GET /api/health/live. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
/** GET /api/health/ready: 200 ok, or 503 unavailable with the reason. */
export const readinessResponseSchema = z.union([
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('unavailable'), reason: z.string() }),
]);
