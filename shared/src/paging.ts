import { z } from 'zod';
import { groupThousands } from './numbers';

/**
 * How deep an admin list pages. OFFSET makes the database read and throw away every row before the
 * page, so one request for page 1,000,000 costs as much as reading the whole table: past this depth
 * the lists ask for filters instead of paging on.
 */
export const MAX_PAGED_ROWS = 100_000;

export const PAGING_MESSAGES = {
  pageInvalid: 'Page must be a whole number of 1 or more',
  offsetInvalid: 'Offset must be a whole number of 0 or more',
  limitInvalid: 'Limit must be a whole number of 1 or more',
  limitTooLarge: (max: number) => `Limit must be at most ${max}`,
  tooDeep: `Only the first ${groupThousands(MAX_PAGED_ROWS)} results can be paged through: narrow the search with filters`,
} as const;
const M = PAGING_MESSAGES;

export interface PageSizes {
  defaultLimit: number;
  maxLimit: number;
}

const limitField = ({ defaultLimit, maxLimit }: PageSizes) =>
  z.coerce
    .number({ error: M.limitInvalid })
    .int(M.limitInvalid)
    .min(1, M.limitInvalid)
    .max(maxLimit, M.limitTooLarge(maxLimit))
    .default(defaultLimit);

// The counters are bounded on their own too, so a huge number never reaches the product below.
const pageField = z.coerce
  .number({ error: M.pageInvalid })
  .int(M.pageInvalid)
  .min(1, M.pageInvalid)
  .max(MAX_PAGED_ROWS, M.tooDeep)
  .default(1);
const offsetField = z.coerce
  .number({ error: M.offsetInvalid })
  .int(M.offsetInvalid)
  .min(0, M.offsetInvalid)
  .max(MAX_PAGED_ROWS, M.tooDeep)
  .default(0);

/** The one paging rule: the last row a page asks for lies within MAX_PAGED_ROWS. */
export const withinPagingDepth = (rowsBefore: number, limit: number) => rowsBefore + limit <= MAX_PAGED_ROWS;

// TypeScript cannot see the paging keys through the output type of a generic shape: name them.
type PageFields = { page: number; limit: number };
type OffsetFields = { offset: number; limit: number };

/** A list query paged by `page` (from 1) and `limit`, with the list's own filters in `shape`. */
export function pagedQuery<Shape extends z.ZodRawShape>(shape: Shape, sizes: PageSizes) {
  return z.object({ ...shape, page: pageField, limit: limitField(sizes) }).refine(
    (query) => {
      const { page, limit } = query as PageFields;
      return withinPagingDepth((page - 1) * limit, limit);
    },
    { message: M.tooDeep, path: ['page'] },
  );
}

/** A list query paged by `offset` (rows skipped) and `limit`, with the list's own filters in `shape`. */
export function offsetPagedQuery<Shape extends z.ZodRawShape>(shape: Shape, sizes: PageSizes) {
  return z.object({ ...shape, offset: offsetField, limit: limitField(sizes) }).refine(
    (query) => {
      const { offset, limit } = query as OffsetFields;
      return withinPagingDepth(offset, limit);
    },
    { message: M.tooDeep, path: ['offset'] },
  );
}
