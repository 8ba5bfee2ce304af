import { z } from 'zod';
import {
  OUTBOX_MESSAGES as M,
  OUTBOX_PAGE_SIZE,
  outboxEmailSchema,
  outboxEmailTextSchema,
  outboxListResponseSchema,
  type EmailKind,
  type EmailStatus,
  type OutboxEmail,
  type OutboxEmailText,
  type OutboxList,
} from '@ledgerwell/shared/email-outbox';
import { apiPaths } from '../../../config/paths';
import { adminRequest } from './admin-request';

export type { OutboxEmail, OutboxEmailText, OutboxList };

/** The screen's filters; '' means all. */
export interface OutboxFilterValues {
  search: string;
  status: EmailStatus | '';
  kind: EmailKind | '';
}

export async function fetchOutbox(
  filters: OutboxFilterValues,
  page: number,
  signal?: AbortSignal,
): Promise<OutboxList> {
  const query = {
    search: filters.search.trim() || undefined,
    status: filters.status || undefined,
    kind: filters.kind || undefined,
    page,
    limit: OUTBOX_PAGE_SIZE,
  };
  return (
    await adminRequest(apiPaths.admin.outbox, outboxListResponseSchema, { query, signal, failureMessage: M.loadFailed })
  ).data;
}

/** SUPER_ADMIN, an e-mail kept as sent to the log: its full text (the server records the view). */
export async function fetchOutboxText(id: string, signal?: AbortSignal): Promise<OutboxEmailText> {
  return (
    await adminRequest(apiPaths.admin.outboxEmail(id), z.object({ data: outboxEmailTextSchema }), {
      signal,
      failureMessage: M.textFailed,
    })
  ).data;
}

export async function retryOutboxEmail(id: string): Promise<{ message: string; email: OutboxEmail }> {
  const body = await adminRequest(
    apiPaths.admin.outboxRetry(id),
    z.object({ message: z.string(), data: outboxEmailSchema }),
    {
      method: 'POST',
      failureMessage: M.retryFailed,
    },
  );
  return { message: body.message, email: body.data };
}
