import type { Db } from '@ledgerwell/db/client';
import { QUESTIONS_LINE } from '@ledgerwell/shared/contact-facts';
import { ENTITY_TYPE_LABELS, ONBOARDING_TIMELINE, isEntityType } from '@ledgerwell/shared/issuer-onboarding';
import type { AppDeps } from '../../lib/context';
import { queueEmail } from '../email/queue-email';

/** What the e-mails say of an application: never the EIN, never the signature. */
export interface ApplicationSummary {
  id: string;
  onboardingId: string;
  companyName: string;
  entityType: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  submittedAt: Date;
}

const SUPPORT_LINES = [QUESTIONS_LINE];

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const entityLabel = (value: string) => (isEntityType(value) ? ENTITY_TYPE_LABELS[value] : value);

/** Confirmations one address may receive in 24 hours, from all sources together (issue 27). */
export const CONFIRMATIONS_PER_RECIPIENT_PER_DAY = 3;

/**
 * The applicant's confirmation. Nobody has proven the contact address, so the e-mail carries no text the
 * submitter wrote (not the company, not the contact's name): a fixed subject, the application id we made,
 * and what happens next. Otherwise anyone could send our e-mail, with their words in it, to a stranger.
 */
export async function queueApplicationReceived(
  deps: AppDeps,
  tx: Db,
  application: ApplicationSummary,
): Promise<boolean> {
  return queueEmail(deps, tx, {
    to: application.contactEmail,
    subject: 'We received your issuer application',
    lines: [
      'Hello,',
      '',
      'Thank you for applying to become an issuer client of Ledgerwell. We have received your application.',
      '',
      `Application ID: ${application.onboardingId}`,
      `Submitted: ${longDate(application.submittedAt)}`,
      '',
      'What happens next:',
      ...ONBOARDING_TIMELINE.map((stage, index) => `${index + 1}. ${stage.title} (${stage.duration})`),
      '',
      'We will write to you at this address when your application has been decided. Please quote your application ID in any message about it.',
      'If you did not apply, someone entered this address by mistake, and you need do nothing.',
      '',
      ...SUPPORT_LINES,
    ],
    kind: 'ISSUER_APPLICATION_RECEIVED',
    relatedId: application.id,
    dailyLimitPerRecipient: CONFIRMATIONS_PER_RECIPIENT_PER_DAY,
  });
}

/** Staff are told an application came in: who applied and where to review it. */
export async function queueStaffNotice(
  deps: AppDeps,
  tx: Db,
  to: string,
  application: ApplicationSummary,
): Promise<void> {
  await queueEmail(deps, tx, {
    to,
    subject: `New issuer application from ${application.companyName}`,
    lines: [
      'A new issuer application was submitted through the onboarding wizard.',
      '',
      `Company: ${application.companyName}`,
      `Entity type: ${entityLabel(application.entityType)}`,
      `Contact: ${application.contactName} <${application.contactEmail}>, ${application.contactPhone}`,
      `Application ID: ${application.onboardingId}`,
      '',
      `Review it in the admin screen: ${deps.config.publicUrl}/admin/issuer-applications`,
    ],
    kind: 'ISSUER_APPLICATION_STAFF_NOTICE',
    relatedId: application.id,
  });
}
