import {
  ocfImportRejectedSchema,
  ocfImportResultSchema,
  type OcfImportProblem,
  type OcfImportResult,
} from '@ledgerwell/shared/ocf-import';
import { apiPaths as allPaths } from '../../../config/paths';
import { apiBlob, apiRequest, isApiRequestError } from '../../../lib/api-client';

const apiPaths = allPaths.admin;

/** The issuer's cap table as an OCF bundle (the server asks for step-up; the client's dialog answers it). */
export const downloadIssuerOcf = (issuerId: string) =>
  apiBlob(apiPaths.issuerOcf(issuerId), { auth: 'admin', failureMessage: 'The OCF export failed' });

export type OcfImportOutcome =
  | { accepted: true; result: OcfImportResult }
  | { accepted: false; message: string; problems: OcfImportProblem[] };

/** Posts the bundle; a 422 is an answer (the report of every rejected object), any other failure throws. */
export async function importIssuerOcf(issuerId: string, file: Blob): Promise<OcfImportOutcome> {
  try {
    const body = await apiRequest(apiPaths.issuerOcfImport(issuerId), {
      method: 'POST',
      auth: 'admin',
      body: file,
      contentType: 'application/zip',
      schema: ocfImportResultSchema,
      failureMessage: 'The OCF import failed',
    });
    return { accepted: true, result: body.data };
  } catch (error) {
    const report = isApiRequestError(error) ? ocfImportRejectedSchema.safeParse(error.body) : null;
    if (report?.success) return { accepted: false, message: report.data.message, problems: report.data.problems };
    throw error;
  }
}
