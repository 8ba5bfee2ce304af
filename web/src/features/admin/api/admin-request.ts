import type { ZodType } from 'zod';
import { apiRequest, type RequestOptions } from '../../../lib/api-client';

/** A call with the admin bearer token whose answer `schema` checks. */
export function adminRequest<T>(
  path: string,
  schema: ZodType<T>,
  options: Omit<RequestOptions<T>, 'auth' | 'schema'> = {},
): Promise<T> {
  return apiRequest(path, { ...options, auth: 'admin', schema });
}
