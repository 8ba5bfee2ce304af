import { contactResponseSchema, type ContactField } from '@ledgerwell/shared/contact';
import { apiPaths } from '../../../config/paths';
import { apiRequestWithStatus } from '../../../lib/api-client';

export type ContactValues = Record<ContactField, string>;

export type ContactOutcome = 'received' | 'delayed';

/**
 * POST /api/contact (public-site spec 7, call 1). 201: received; 207: stored, but forwarding to the
 * support system failed, so answers may be delayed. Any other answer throws ApiRequestError.
 * Both success bodies follow the shared contactResponseSchema.
 */
export async function submitContact(values: ContactValues): Promise<ContactOutcome> {
  const { status } = await apiRequestWithStatus(apiPaths.contact, {
    method: 'POST',
    schema: contactResponseSchema,
    body: {
      name: values.name,
      email: values.email,
      company: values.company,
      phone: values.phone,
      message: values.message,
    },
  });
  return status === 207 ? 'delayed' : 'received';
}
