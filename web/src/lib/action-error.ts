import { isApiRequestError } from './api-client';

/**
 * The toast for a failed action: the server's own words when it refused the action for a reason
 * the user can act on (403, 409, a field message), else the screen's generic message (spec 8).
 */
export function actionErrorMessage(error: unknown, fallback: string): string {
  if (isApiRequestError(error) && error.fromServer && [400, 403, 404, 409].includes(error.status)) return error.message;
  return fallback;
}
