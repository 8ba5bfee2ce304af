import { calendarDateIn, LEDGER_MESSAGES as M } from '@ledgerwell/shared/ledger';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { PostingClass } from './journal';

/** The issuer's calendar date now: the day a posting made now belongs to. */
export const issuerToday = (deps: Pick<AppDeps, 'clock'>, postingClass: Pick<PostingClass, 'timeZone'>) =>
  calendarDateIn(postingClass.timeZone, deps.clock.now());

/**
 * A posting belongs to its effective date, a calendar date in the issuer's time zone. A future date is
 * refused (nothing has happened yet); a past one changes the record of days already closed, so it must
 * say why in its memo (and needs ADMIN, as every direct posting does).
 */
export function checkEffectiveDate(
  deps: Pick<AppDeps, 'clock'>,
  postingClass: Pick<PostingClass, 'timeZone'>,
  input: { effectiveDate: string; memo?: string | undefined },
): void {
  const today = issuerToday(deps, postingClass);
  if (input.effectiveDate > today)
    throw new AppError('VALIDATION_ERROR', M.futureDate, { effectiveDate: M.futureDate });
  if (input.effectiveDate < today && !input.memo)
    throw new AppError('VALIDATION_ERROR', M.backDatedNeedsMemo, { memo: M.backDatedNeedsMemo });
}
