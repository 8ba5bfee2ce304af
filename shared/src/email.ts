import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmailAddress } from './email-address';

// The rule itself is zod-free, for pages that must not load zod (issuer-onboarding-rules.ts).
export { EMAIL_MAX_LENGTH, isEmailAddress } from './email-address';

/** An e-mail field: too long and badly formed both answer `message`; the shape is never read past the length. */
export const emailAddressSchema = (message: string) =>
  z.string({ error: message }).max(EMAIL_MAX_LENGTH, { message, abort: true }).refine(isEmailAddress, message);
