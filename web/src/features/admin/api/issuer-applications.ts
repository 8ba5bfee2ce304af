import {
  ISSUER_APPLICATION_MESSAGES as M,
  ISSUER_APPLICATIONS_PAGE_SIZE,
  issuerApplicationChangeResponseSchema,
  issuerApplicationDetailResponseSchema,
  issuerApplicationListResponseSchema,
  issuerApplicationStatsResponseSchema,
  type IssuerApplication,
  type IssuerApplicationList,
  type IssuerApplicationStats,
  type IssuerApplicationStatus,
} from '@ledgerwell/shared/issuer-applications';
import { apiPaths } from '../../../config/paths';
import { apiBlob } from '../../../lib/api-client';
import { adminRequest } from './admin-request';

/** The screen's filters; '' means all. */
export interface IssuerFilterValues {
  search: string;
  status: IssuerApplicationStatus | '';
}

const filterQuery = (filters: IssuerFilterValues) => ({
  search: filters.search.trim() || undefined,
  status: filters.status || undefined,
});

export async function fetchIssuerApplications(
  filters: IssuerFilterValues,
  page: number,
  signal?: AbortSignal,
): Promise<IssuerApplicationList> {
  const body = await adminRequest(apiPaths.admin.issuerApplications, issuerApplicationListResponseSchema, {
    query: { ...filterQuery(filters), page, limit: ISSUER_APPLICATIONS_PAGE_SIZE },
    signal,
    failureMessage: M.loadFailed,
  });
  return body.data;
}

export async function fetchIssuerStats(signal?: AbortSignal): Promise<IssuerApplicationStats> {
  return (await adminRequest(apiPaths.admin.issuerStats, issuerApplicationStatsResponseSchema, { signal })).data;
}

export async function fetchIssuerApplication(id: string, signal?: AbortSignal): Promise<IssuerApplication> {
  return (
    await adminRequest(apiPaths.admin.issuerApplication(id), issuerApplicationDetailResponseSchema, {
      signal,
      failureMessage: M.loadFailed,
    })
  ).data;
}

/** Spec 7.1: the status, and the note the screen lets go with it (kept in the review history). */
export async function updateIssuerStatus(
  id: string,
  status: IssuerApplicationStatus,
  notes: string,
): Promise<IssuerApplication> {
  const body = { status, notes: notes.trim() || null };
  return (
    await adminRequest(apiPaths.admin.issuerStatus(id), issuerApplicationChangeResponseSchema, {
      method: 'PUT',
      body,
      failureMessage: M.statusFailed,
    })
  ).data;
}

export async function updateIssuerNotes(id: string, adminNotes: string): Promise<IssuerApplication> {
  return (
    await adminRequest(apiPaths.admin.issuerNotes(id), issuerApplicationChangeResponseSchema, {
      method: 'PUT',
      body: { adminNotes },
      failureMessage: M.notesFailed,
    })
  ).data;
}

/** The CSV of every application the filters match, through the bearer-authorised fetch (a plain link would carry no token). */
export function exportIssuerApplications(filters: IssuerFilterValues): Promise<Blob> {
  return apiBlob(apiPaths.admin.issuerExport, {
    auth: 'admin',
    query: filterQuery(filters),
    failureMessage: M.exportFailed,
  });
}
