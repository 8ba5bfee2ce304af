import type { Db } from '@ledgerwell/db/client';
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

const SUPPORT_LINES = ['Questions? Write to support@ledgerwell.com or call 1-800-555-0148 (Mon-Fri 9am-6pm EST).'];

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const entityLabel = (value: string) => (isEntityType(value) ? ENTITY_TYPE_LABELS[value] : value);

/** The applicant's confirmation: the application id, the company, and the four stages ahead. */
export async function queueApplicationReceived(deps: AppDeps, tx: Db, application: ApplicationSummary): Promise<void> {
  await queueEmail(deps, tx, {
    to: application.contactEmail,
    subject: `We received your issuer application for ${application.companyName}`,
    lines: [
      `Dear ${application.contactName},`,
      '',
      `Thank you for applying to become an issuer client of Ledgerwell. We have received the application for ${application.companyName}.`,
      '',
      `Application ID: ${application.onboardingId}`,
      `Company: ${application.companyName}`,
      `Submitted: ${longDate(application.submittedAt)}`,
      '',
      'What happens next:',
      ...ONBOARDING_TIMELINE.map((stage, index) => `${index + 1}. ${stage.title} (${stage.duration})`),
      '',
      'We will write to you at this address when your application has been decided. Please quote your application ID in any message about it.',
      '',
      ...SUPPORT_LINES,
    ],
    kind: 'ISSUER_APPLICATION_RECEIVED',
    relatedId: application.id,
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
