import { z } from 'zod';

/** The success envelopes the API answers with; each area's module names its own from these (e.g. contactStatsResponseSchema). */
export const successResponseSchema = z.object({ success: z.literal(true) });
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const dataResponse = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const messageDataResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

/**
 * A count per key of a closed list (stats by status, by type): an object with every key, so the OpenAPI
 * document lists the properties it requires (a record over an enum states `required` keys it never defines).
 */
export const countsBy = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int().min(0)])) as Record<K, z.ZodNumber>);
