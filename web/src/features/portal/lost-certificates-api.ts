import { lostCertificateAnswerSchema, type LostCertificateAnswer } from '@ledgerwell/shared/lost-certificates';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';
import { bearer } from './api';

export type LostCertificateReceipt = LostCertificateAnswer;

/** Files the report and the affidavit; the server stops the certificate in the same transaction. */
export function reportLostCertificate(token: string, body: unknown): Promise<LostCertificateReceipt> {
  return apiRequest(apiPaths.portal.lostCertificates, {
    method: 'POST',
    auth: bearer(token),
    body,
    schema: lostCertificateAnswerSchema,
  });
}
