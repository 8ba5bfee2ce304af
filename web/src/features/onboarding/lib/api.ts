import type { OnboardingSubmitBody } from '@ledgerwell/shared/issuer-onboarding';
import { apiPaths } from '../../../config/paths';
import { apiRequest, isApiRequestError } from '../../../lib/api-client';
import type { SendOutcome } from './submit-queue';

/** A gateway's answer that the server could not be reached: kept and resent like no answer at all. */
const UNREACHABLE = new Set([502, 503, 504]);

/** POST /api/issuer-onboarding/start (spec 7.2): sent once when the wizard opens; the answer is not read and a failure is silent. */
export async function startOnboardingSession(sessionToken: string): Promise<void> {
  await apiRequest(apiPaths.issuerOnboarding.start, { method: 'POST', body: { sessionToken } }).catch(() => undefined);
}

/**
 * POST /api/issuer-onboarding/submit (spec 7.2). Success is judged by an OK status alone; the body is
 * not read. A refusal's detail goes to the console only (spec 8), never the body that was sent.
 */
export async function sendSubmission(body: OnboardingSubmitBody): Promise<SendOutcome> {
  try {
    await apiRequest(apiPaths.issuerOnboarding.submit, { method: 'POST', body });
    return { kind: 'accepted' };
  } catch (error) {
    if (!isApiRequestError(error) || error.isNetworkError || UNREACHABLE.has(error.status)) return { kind: 'network' };
    console.warn('Onboarding submission refused', {
      status: error.status,
      code: error.code,
      requestId: error.requestId,
    });
    return { kind: 'rejected', status: error.status, fieldErrors: error.fieldErrors };
  }
}
