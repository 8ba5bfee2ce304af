import { z } from 'zod';

/** The success envelopes the API answers with; each area's module names its own from these (e.g. contactStatsResponseSchema). */
export const successResponseSchema = z.object({ success: z.literal(true) });
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const dataResponse = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const messageDataResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });
