import { API_ERROR_STATUS, type ApiErrorCode } from '@ledgerwell/shared/api-error';
import type { Challenge } from '@ledgerwell/shared/challenge';

/** A failure the client should see as it is: the code picks the status, the message is shown to people. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** On CHALLENGE_REQUIRED: the proof of work the client must solve (shared/src/challenge.ts). */
    readonly challenge?: Challenge,
  ) {
    super(message);
    this.status = API_ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
