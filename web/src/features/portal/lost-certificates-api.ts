import { z } from 'zod';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';
import { bearer } from './api';

// TODO(merge): the shared schema of the lost-certificate report replaces these.
const receiptSchema = z.object({
  success: z.literal(true),
  referenceNumber: z.string(),
  data: z.object({ id: z.string(), certificateNumber: z.string(), status: z.string(), nextSteps: z.array(z.string()) }),
});
export type LostCertificateReceipt = z.infer<typeof receiptSchema>;

/** Files the report and the affidavit; the server stops the certificate in the same transaction. */
export function reportLostCertificate(token: string, body: unknown): Promise<LostCertificateReceipt> {
  return apiRequest(apiPaths.portal.lostCertificates, {
    method: 'POST',
    auth: bearer(token),
    body,
    schema: receiptSchema,
  });
}
