import {
  IP_RULE_MESSAGES,
  ipRuleListResponseSchema,
  ipRuleResponseSchema,
  type IpRule,
} from '@ledgerwell/shared/ip-rules';
import { z } from 'zod';
import { apiPaths } from '../../../config/paths';
import { adminRequest } from './admin-request';

export type { IpRule };

/** What the form sends: the expiry as an ISO date-time or null (spec 5.1: an empty expiry is null). */
export interface IpRuleBody {
  ipAddress: string;
  description: string;
  expiresAt: string | null;
}

const deletedSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export async function fetchIpRules(signal?: AbortSignal): Promise<IpRule[]> {
  const body = await adminRequest(apiPaths.admin.ipWhitelist, ipRuleListResponseSchema, {
    signal,
    failureMessage: IP_RULE_MESSAGES.fetchFailed,
    networkErrorMessage: IP_RULE_MESSAGES.loadFailed,
  });
  return body.data;
}

/** `confirmSelfLockout` is sent only after the user confirmed the server's self-lockout warning. */
async function saveIpRule(
  method: 'POST' | 'PUT',
  path: string,
  input: object,
  confirmSelfLockout: boolean,
  failureMessage: string,
): Promise<IpRule> {
  const body = await adminRequest(path, ipRuleResponseSchema, {
    method,
    body: confirmSelfLockout ? { ...input, confirmSelfLockout } : input,
    failureMessage,
  });
  return body.data;
}

export const createIpRule = (input: IpRuleBody, confirmSelfLockout = false) =>
  saveIpRule('POST', apiPaths.admin.ipWhitelist, input, confirmSelfLockout, IP_RULE_MESSAGES.createFailed);

export const updateIpRule = (id: string, input: IpRuleBody, confirmSelfLockout = false) =>
  saveIpRule('PUT', apiPaths.admin.ipRule(id), input, confirmSelfLockout, IP_RULE_MESSAGES.updateFailed);

export const toggleIpRule = (id: string, isActive: boolean, confirmSelfLockout = false) =>
  saveIpRule('PUT', apiPaths.admin.ipRule(id), { isActive }, confirmSelfLockout, IP_RULE_MESSAGES.updateFailed);

export async function deleteIpRule(id: string, confirmSelfLockout = false): Promise<void> {
  await adminRequest(apiPaths.admin.ipRule(id), deletedSchema, {
    method: 'DELETE',
    ...(confirmSelfLockout ? { body: { confirmSelfLockout } } : {}),
    failureMessage: IP_RULE_MESSAGES.deleteFailed,
  });
}
