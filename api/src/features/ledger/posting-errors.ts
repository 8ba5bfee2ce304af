import { LEDGER_MESSAGES as M } from '@ledgerwell/shared/ledger';
import { AppError } from '../../lib/errors';

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

function databaseError(error: unknown): { code?: string; constraint?: string } | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === CHECK_VIOLATION || code === UNIQUE_VIOLATION) return e as { code: string; constraint?: string };
  }
  return null;
}

/**
 * The database's own checks are the last line behind the service's: a position below zero or outstanding
 * shares above the authorized (CHECK) and a certificate number used twice (UNIQUE) become the same 409s
 * the service gives when it sees them first, never a 500.
 */
export async function withPostingErrors<T>(post: () => Promise<T>): Promise<T> {
  try {
    return await post();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const db = databaseError(error);
    const constraint = db?.constraint ?? '';
    if (constraint.startsWith('ledger_positions_') || constraint === 'control_books_cancelled_within_issued')
      throw new AppError('INSUFFICIENT_SHARES', M.insufficientShares);
    if (constraint === 'control_books_outstanding_within_authorized')
      throw new AppError('AUTHORIZED_EXCEEDED', M.authorizedExceeded);
    if (constraint === 'certificates_issuer_number_idx')
      throw new AppError('CONFLICT', M.certificateNumberTaken, { certificateNumber: M.certificateNumberTaken });
    throw error;
  }
}
