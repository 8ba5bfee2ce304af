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
import { apiBlob } from '../../../lib/api-client';
import { adminRequest } from './admin-request';

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

const submissionAnswer = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: contactSubmissionSchema,
});

export async function fetchContactSubmissions(
  filters: ContactFilterValues,
  page: number,
  signal?: AbortSignal,
): Promise<ContactList> {
  const body = await adminRequest(apiPaths.admin.contactSubmissions, contactListResponseSchema, {
    query: { ...filterQuery(filters), page, limit: CONTACT_PAGE_SIZE },
    signal,
    failureMessage: M.loadFailed,
  });
  return body.data;
}

export async function fetchContactStats(signal?: AbortSignal): Promise<ContactStats> {
  return (await adminRequest(apiPaths.admin.contactStats, z.object({ data: contactStatsSchema }), { signal })).data;
}

export async function fetchContactAssignees(signal?: AbortSignal): Promise<ContactAssignee[]> {
  return (
    await adminRequest(apiPaths.admin.contactAssignees, z.object({ data: z.array(contactAssigneeSchema) }), { signal })
  ).data;
}

/** Opening a submission marks an UNREAD one READ on the server. */
export async function openContactSubmission(id: string, signal?: AbortSignal): Promise<ContactSubmission> {
  return (
    await adminRequest(apiPaths.admin.contactSubmission(id), submissionAnswer, { signal, failureMessage: M.loadFailed })
  ).data;
}

/** A PUT that changes one thing of a submission and answers with the whole submission. */
async function changeSubmission(path: string, body: object, failureMessage: string): Promise<ContactSubmission> {
  return (await adminRequest(path, submissionAnswer, { method: 'PUT', body, failureMessage })).data;
}

export const updateContactStatus = (id: string, status: ContactStatus) =>
  changeSubmission(apiPaths.admin.contactStatus(id), { status }, M.statusFailed);

export const updateContactNotes = (id: string, adminNotes: string) =>
  changeSubmission(apiPaths.admin.contactNotes(id), { adminNotes }, M.notesFailed);

export const assignContactSubmission = (id: string, assignedTo: string | null) =>
  changeSubmission(apiPaths.admin.contactAssign(id), { assignedTo }, M.assignFailed);

export async function retryContactForward(id: string): Promise<{ message: string; submission: ContactSubmission }> {
  const body = await adminRequest(apiPaths.admin.contactRetryForward(id), submissionAnswer, {
    method: 'POST',
    failureMessage: M.retryFailed,
  });
  return { message: body.message ?? M.retrySent, submission: body.data };
}

/** The CSV of every row the filters match, through the bearer-authorised fetch (a plain link would carry no token). */
export function exportContactSubmissions(filters: ContactFilterValues): Promise<Blob> {
  return apiBlob(apiPaths.admin.contactExport, {
    auth: 'admin',
    query: filterQuery(filters),
    failureMessage: M.exportFailed,
  });
}
