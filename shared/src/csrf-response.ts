import { z } from 'zod';

/** GET /api/csrf-token's answer (the constants are in csrf.ts, which stays free of zod for the web client). */
export const csrfTokenResponseSchema = z.object({
  success: z.literal(true),
  csrfToken: z.string(),
});
