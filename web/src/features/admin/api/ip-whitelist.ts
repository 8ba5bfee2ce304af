import { IP_RULE_MESSAGES, ipRuleListResponseSchema, ipRuleResponseSchema, type IpRule } from '@ledgerwell/shared/ip-rules';
import { z } from 'zod';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

export type { IpRule };

/** What the form sends: the expiry as an ISO date-time or null (spec 5.1: an empty expiry is null). */
export interface IpRuleBody {
  ipAddress: string;
  description: string;
  expiresAt: string | null;
}

const deletedSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export async function fetchIpRules(signal?: AbortSignal): Promise<IpRule[]> {
  const body = await apiRequest(apiPaths.admin.ipWhitelist, {
    auth: 'admin',
    schema: ipRuleListResponseSchema,
    signal,
    failureMessage: IP_RULE_MESSAGES.fetchFailed,
    networkErrorMessage: IP_RULE_MESSAGES.loadFailed,
  });
  return body.data;
}

/** `confirmSelfLockout` is sent only after the user confirmed the server's self-lockout warning. */
export async function createIpRule(input: IpRuleBody, confirmSelfLockout = false): Promise<IpRule> {
  const body = await apiRequest(apiPaths.admin.ipWhitelist, {
    method: 'POST',
    auth: 'admin',
    body: confirmSelfLockout ? { ...input, confirmSelfLockout } : input,
    schema: ipRuleResponseSchema,
    failureMessage: IP_RULE_MESSAGES.createFailed,
  });
  return body.data;
}

export async function updateIpRule(id: string, input: IpRuleBody, confirmSelfLockout = false): Promise<IpRule> {
  const body = await apiRequest(apiPaths.admin.ipRule(id), {
    method: 'PUT',
    auth: 'admin',
    body: confirmSelfLockout ? { ...input, confirmSelfLockout } : input,
    schema: ipRuleResponseSchema,
    failureMessage: IP_RULE_MESSAGES.updateFailed,
  });
  return body.data;
}

export async function toggleIpRule(id: string, isActive: boolean, confirmSelfLockout = false): Promise<IpRule> {
  const body = await apiRequest(apiPaths.admin.ipRule(id), {
    method: 'PUT',
    auth: 'admin',
    body: confirmSelfLockout ? { isActive, confirmSelfLockout } : { isActive },
    schema: ipRuleResponseSchema,
    failureMessage: IP_RULE_MESSAGES.updateFailed,
  });
  return body.data;
}

export async function deleteIpRule(id: string, confirmSelfLockout = false): Promise<void> {
  await apiRequest(apiPaths.admin.ipRule(id), {
    method: 'DELETE',
    auth: 'admin',
    ...(confirmSelfLockout ? { body: { confirmSelfLockout } } : {}),
    schema: deletedSchema,
    failureMessage: IP_RULE_MESSAGES.deleteFailed,
  });
}
