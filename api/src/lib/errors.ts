import { API_ERROR_STATUS, type ApiErrorCode } from '@ledgerwell/shared/api-error';

/** A failure the client should see as it is: the code picks the status, the message is shown to people. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = API_ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
