import { z } from 'zod';
import {
  postedAnswerSchema,
  postingPreviewAnswerSchema,
  proposedAnswerSchema,
  type PostingPreview,
  type PostRequestInput,
} from '@ledgerwell/shared/ledger-postings';
import { transactionPostedSchema } from '@ledgerwell/shared/ledger';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

export type { PostingPreview };

/** What posting the approved request would write now (issue 28). */
export async function fetchPostingPreview(id: string, signal?: AbortSignal): Promise<PostingPreview> {
  const body = await apiRequest(apiPaths.admin.requestPosting(id), {
    auth: 'admin',
    schema: postingPreviewAnswerSchema,
    signal,
    failureMessage: 'Failed to work out the posting',
  });
  return body.data;
}

/** Posts the request, or proposes it for a second person; answers the server's message. */
export async function postRequestToLedger(id: string, input: PostRequestInput): Promise<string> {
  const body = await apiRequest(apiPaths.admin.requestPost(id), {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: z.union([postedAnswerSchema, proposedAnswerSchema]),
    failureMessage: 'Failed to post the request',
  });
  return body.message;
}

export async function confirmLedgerPosting(postingId: string): Promise<void> {
  await apiRequest(apiPaths.admin.postingConfirm(postingId), {
    method: 'POST',
    auth: 'admin',
    schema: transactionPostedSchema,
    failureMessage: 'Failed to confirm the posting',
  });
}
