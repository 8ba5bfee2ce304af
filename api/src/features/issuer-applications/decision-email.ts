import { QUESTIONS_LINE, WRITE_OR_CALL } from '@ledgerwell/shared/contact-facts';
import type { Db } from '@ledgerwell/db/client';
import type { issuerApplications } from '@ledgerwell/db/schema';
import type { AppDeps } from '../../lib/context';
import { queueEmail } from '../email/queue-email';

type Decision = 'APPROVED' | 'REJECTED';
type ApplicationRow = typeof issuerApplications.$inferSelect;

const SUBJECT: Record<Decision, string> = {
  APPROVED: 'Your issuer application has been approved',
  REJECTED: 'An update on your issuer application',
};

/**
 * The applicant's e-mail when staff decide (issue 16), through the outbox in the decision's own
 * transaction: it goes only if the decision commits. The reviewer's notes stay in the admin screen:
 * they are written for colleagues, not for the applicant.
 */
export async function queueDecisionEmail(
  deps: Pick<AppDeps, 'cipher' | 'clock'>,
  tx: Db,
  row: ApplicationRow,
  decision: Decision,
): Promise<void> {
  // The contact address was never proven: like the confirmation, the e-mail carries no text the applicant wrote.
  const reference = `application ID ${row.onboardingId}`;
  const lines =
    decision === 'APPROVED'
      ? [
          'Hello,',
          '',
          `We are pleased to tell you that the issuer application with ${reference} has been approved.`,
          '',
          'Our onboarding team will contact you within 1-2 business days to set up your account, import your shareholder records and schedule your first review call.',
        ]
      : [
          'Hello,',
          '',
          `Thank you for your interest in Ledgerwell. After careful review, we are unable to approve the issuer application with ${reference} at this time.`,
          '',
          `If you would like to discuss this decision or apply again later, ${WRITE_OR_CALL}; our team will be glad to help.`,
        ];
  lines.push('', QUESTIONS_LINE);
  await queueEmail(deps, tx, {
    to: row.contactEmail,
    subject: SUBJECT[decision],
    lines,
    kind: 'ISSUER_APPLICATION_DECIDED',
    relatedId: row.id,
  });
}
