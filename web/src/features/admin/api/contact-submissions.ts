import { z } from 'zod';
import {
  CONTACT_ADMIN_MESSAGES as M,
  CONTACT_PAGE_SIZE,
  contactAssigneeSchema,
  contactListResponseSchema,
  contactStatsSchema,
  contactSubmissionSchema,
  type ContactAssignee,
  type ContactStats,
  type ContactSubmission,
} from '@ledgerwell/shared/contact-admin';
import type { ContactStatus, InquiryType } from '@ledgerwell/shared/contact';
import { apiPaths } from '../../../config/paths';
import { apiBlob, apiRequest } from '../../../lib/api-client';

export type { ContactAssignee, ContactStats, ContactSubmission };
export type ContactList = z.infer<typeof contactListResponseSchema>['data'];

/** The screen's filters; '' means all. */
export interface ContactFilterValues {
  search: string;
  status: ContactStatus | '';
  inquiryType: InquiryType | '';
}

const filterQuery = (filters: ContactFilterValues) => ({
  search: filters.search.trim() || undefined,
  status: filters.status || undefined,
  inquiryType: filters.inquiryType || undefined,
});

const submissionAnswer = z.object({ success: z.literal(true), message: z.string().optional(), data: contactSubmissionSchema });

export async function fetchContactSubmissions(filters: ContactFilterValues, page: number, signal?: AbortSignal): Promise<ContactList> {
  const body = await apiRequest(apiPaths.admin.contactSubmissions, {
    auth: 'admin',
    query: { ...filterQuery(filters), page, limit: CONTACT_PAGE_SIZE },
    schema: contactListResponseSchema,
    signal,
    failureMessage: M.loadFailed,
  });
  return body.data;
}

export async function fetchContactStats(signal?: AbortSignal): Promise<ContactStats> {
  const body = await apiRequest(apiPaths.admin.contactStats, { auth: 'admin', schema: z.object({ data: contactStatsSchema }), signal });
  return body.data;
}

export async function fetchContactAssignees(signal?: AbortSignal): Promise<ContactAssignee[]> {
  const body = await apiRequest(apiPaths.admin.contactAssignees, { auth: 'admin', schema: z.object({ data: z.array(contactAssigneeSchema) }), signal });
  return body.data;
}

/** Opening a submission marks an UNREAD one READ on the server. */
export async function openContactSubmission(id: string, signal?: AbortSignal): Promise<ContactSubmission> {
  return (await apiRequest(apiPaths.admin.contactSubmission(id), { auth: 'admin', schema: submissionAnswer, signal, failureMessage: M.loadFailed })).data;
}

export async function updateContactStatus(id: string, status: ContactStatus): Promise<ContactSubmission> {
  return (await apiRequest(apiPaths.admin.contactStatus(id), { method: 'PUT', auth: 'admin', body: { status }, schema: submissionAnswer, failureMessage: M.statusFailed })).data;
}

export async function updateContactNotes(id: string, adminNotes: string): Promise<ContactSubmission> {
  return (await apiRequest(apiPaths.admin.contactNotes(id), { method: 'PUT', auth: 'admin', body: { adminNotes }, schema: submissionAnswer, failureMessage: M.notesFailed }))
    .data;
}

export async function assignContactSubmission(id: string, assignedTo: string | null): Promise<ContactSubmission> {
  return (await apiRequest(apiPaths.admin.contactAssign(id), { method: 'PUT', auth: 'admin', body: { assignedTo }, schema: submissionAnswer, failureMessage: M.assignFailed }))
    .data;
}

export async function retryContactForward(id: string): Promise<{ message: string; submission: ContactSubmission }> {
  const body = await apiRequest(apiPaths.admin.contactRetryForward(id), { method: 'POST', auth: 'admin', schema: submissionAnswer, failureMessage: M.retryFailed });
  return { message: body.message ?? M.retrySent, submission: body.data };
}

/** The CSV of every row the filters match, through the bearer-authorised fetch (a plain link would carry no token). */
export function exportContactSubmissions(filters: ContactFilterValues): Promise<Blob> {
  return apiBlob(apiPaths.admin.contactExport, { auth: 'admin', query: filterQuery(filters), failureMessage: M.exportFailed });
}
