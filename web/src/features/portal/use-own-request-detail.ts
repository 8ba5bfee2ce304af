import { useCallback, useEffect, useState } from 'react';
import type { OwnRequestDetail } from '@ledgerwell/shared/portal-request-detail';
import { isApiRequestError } from '../../lib/api-client';
import { getPortalToken } from './portal-session';
import { fetchOwnRequestDetail } from './requests-api';

export type RequestDetailState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; request: OwnRequestDetail };

/**
 * One of the holder's requests, loaded when asked for and again on `retry`. A 401 (or no token) is
 * not a failure to show: the session is gone, and `onSessionExpired` takes the holder to sign in.
 */
export function useOwnRequestDetail(requestId: string, onSessionExpired: () => void) {
  const [state, setState] = useState<RequestDetailState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const token = getPortalToken();
    if (!token) {
      onSessionExpired();
      return;
    }
    const controller = new AbortController();
    fetchOwnRequestDetail(token, requestId, controller.signal).then(
      (request) => setState({ status: 'ready', request }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiRequestError(error) && error.status === 401) onSessionExpired();
        else setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [requestId, attempt, onSessionExpired]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, retry };
}
