import { z } from 'zod';
import { emailAddressSchema } from './email';

/** Contact form rules and messages (public-site spec 5 and 8), for the form and POST /api/contact alike. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 200 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  companyTooLong: 'Company must be at most 200 characters',
  messageRequired: 'Message is required',
  messageTooShort: 'Please provide a more detailed message (at least 10 characters)',
  messageTooLong: 'Message must be at most 5000 characters',
  success: 'Your message has been received. Our team will get back to you shortly.',
  partialSuccess: 'Your message was received but may experience processing delays.',
  unableToSubmit: 'Unable to submit form. Please try again or contact us directly.',
  failed: 'Failed to submit form',
  unexpected: 'An unexpected error occurred. Please try again or contact us directly.',
  tooMany: 'Too many messages from your connection. Please try again later, or e-mail or call us directly.',
} as const;

export const CONTACT_BUTTON_LABELS = {
  valid: 'Request Consultation',
  invalid: 'Complete Required Fields',
  submitting: 'Processing...',
} as const;

export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_PHONE_MIN = 7;

export const INQUIRY_TYPES = ['GENERAL', 'SALES', 'SUPPORT', 'PARTNERSHIP'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const CONTACT_STATUSES = ['UNREAD', 'READ', 'IN_PROGRESS', 'RESPONDED', 'ARCHIVED', 'SPAM'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Digits, spaces, hyphens, plus and parentheses, at least 7 characters (spec 5). */
export const CONTACT_PHONE_PATTERN = /^[\d\s\-+()]{7,}$/;

const text = (requiredMessage: string) => z.string({ error: requiredMessage }).transform((value) => value.trim());

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() ?? '');

export const contactFormSchema = z.object({
  name: text(CONTACT_MESSAGES.nameRequired)
    .pipe(z.string().min(1, CONTACT_MESSAGES.nameRequired))
    .pipe(z.string().min(CONTACT_NAME_MIN, CONTACT_MESSAGES.nameTooShort).max(200, CONTACT_MESSAGES.nameTooLong)),
  email: text(CONTACT_MESSAGES.emailRequired)
    .pipe(z.string().min(1, CONTACT_MESSAGES.emailRequired))
    .pipe(emailAddressSchema(CONTACT_MESSAGES.emailInvalid)),
  company: optionalText.pipe(z.string().max(200, CONTACT_MESSAGES.companyTooLong)),
  phone: optionalText.pipe(
    z
      .string()
      .max(40, { message: CONTACT_MESSAGES.phoneInvalid, abort: true })
      // A pattern, not a refinement: the OpenAPI document then states it (issue 27).
      .regex(new RegExp(`^$|${CONTACT_PHONE_PATTERN.source}`), CONTACT_MESSAGES.phoneInvalid),
  ),
  message: text(CONTACT_MESSAGES.messageRequired)
    .pipe(z.string().min(1, CONTACT_MESSAGES.messageRequired))
    .pipe(
      z.string().min(CONTACT_MESSAGE_MIN, CONTACT_MESSAGES.messageTooShort).max(5000, CONTACT_MESSAGES.messageTooLong),
    ),
  /** The public form does not send it; anything but a known type counts as GENERAL. */
  inquiryType: z
    .unknown()
    .optional()
    .transform(
      (value): InquiryType =>
        typeof value === 'string' && (INQUIRY_TYPES as readonly string[]).includes(value.toUpperCase())
          ? (value.toUpperCase() as InquiryType)
          : 'GENERAL',
    ),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;
export type ContactField = 'name' | 'email' | 'company' | 'phone' | 'message';

/** The field's message for the current value, or null when valid: the form checks on each change. */
export function contactFieldError(field: ContactField, values: Partial<Record<ContactField, string>>): string | null {
  const result = contactFormSchema.safeParse({ name: '', email: '', message: '', ...values });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

export const contactResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string(),
  intercomId: z.string().optional(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
