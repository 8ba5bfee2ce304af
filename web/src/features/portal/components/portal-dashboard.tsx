import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  REQUEST_MESSAGES,
  type PortalFormRequestType,
  type SubmitRequestInput,
} from '@ledgerwell/shared/portal-requests';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import type { PortalSessionSummary } from '../api';
import { fetchOwnRequests, submitRequest } from '../requests-api';
import type { SubmitOutcome } from '../forms/use-request-form';
import { toFieldErrors } from '../forms/validate-request';
import { createIdempotencyKeys } from '../idempotency-key';
import { PORTAL_MESSAGES } from '../labels';
import { getPortalToken, rememberVerificationCode, setLastReferenceNumber } from '../portal-session';
import { byId, useDelayedFocus } from '../use-delayed-focus';
import { AccountSummary } from './account-summary';
import { DeliveryPreferences } from './delivery-preferences';
import { SUCCESS_BANNER_ID, SuccessBanner, VerificationBanner } from './banners';
import { Documents } from './documents';
import { Holdings } from './holdings';
import { MyRequests, type RequestsState } from './my-requests';
import { EMPTY_DRAFTS, FORM_HEADING_ID, RequestFormPanel, type DraftUpdater, type Drafts } from './request-form-panel';
import { REQUEST_TYPES_HEADING_ID, RequestTypeCards } from './request-type-cards';

interface PortalDashboardProps {
  summary: PortalSessionSummary;
  onLogout: () => void;
  onDifferentCode: () => void;
  /** Any call answered 401: the session is gone. Must keep its identity across renders. */
  onSessionExpired: () => void;
}

const isUnauthenticated = (error: unknown) => isApiRequestError(error) && error.status === 401;

/** The holder's requests as the list shows them, or 'expired' when the session is gone. */
async function fetchRequestsState(): Promise<RequestsState | 'expired'> {
  const token = getPortalToken();
  if (!token) return 'expired';
  try {
    return { status: 'ready', requests: await fetchOwnRequests(token) };
  } catch (error) {
    return isUnauthenticated(error) ? 'expired' : { status: 'failed' };
  }
}

/** View 4: the signed-in portal. Request types, the chosen form, banners and the holder's requests. */
export function PortalDashboard({ summary, onLogout, onDifferentCode, onSessionExpired }: PortalDashboardProps) {
  const navigate = useNavigate();
  const focusLater = useDelayedFocus();
  const [selected, setSelected] = useState<PortalFormRequestType | null>(null);
  const [drafts, setDrafts] = useState<Drafts>(EMPTY_DRAFTS);
  const [success, setSuccess] = useState<{ referenceNumber: string; requestType: PortalFormRequestType } | null>(null);
  const [requests, setRequests] = useState<RequestsState>({ status: 'loading' });
  // One key per content: kept in state (a stable object) rather than a ref, which render may not read.
  const [idempotencyKeys] = useState(createIdempotencyKeys);

  const applyRequests = useCallback(
    (next: RequestsState | 'expired') => (next === 'expired' ? onSessionExpired() : setRequests(next)),
    [onSessionExpired],
  );

  useEffect(() => {
    let current = true;
    void fetchRequestsState().then((next) => current && applyRequests(next));
    return () => {
      current = false;
    };
  }, [applyRequests]);

  const refreshRequests = () => void fetchRequestsState().then(applyRequests);

  const updateDraft: DraftUpdater = (type) => (update) =>
    setDrafts((current) => ({ ...current, [type]: update(current[type]) }));

  function choose(type: PortalFormRequestType) {
    setSelected(type);
    focusLater(byId(FORM_HEADING_ID));
  }

  function backToTypes() {
    setSelected(null);
    focusLater(byId(REQUEST_TYPES_HEADING_ID));
  }

  function dismissSuccess() {
    setSuccess(null);
    setDrafts(EMPTY_DRAFTS);
    focusLater(byId(REQUEST_TYPES_HEADING_ID));
  }

  async function submit(input: SubmitRequestInput): Promise<SubmitOutcome> {
    const token = getPortalToken();
    if (!token) {
      onSessionExpired();
      return { ok: true };
    }
    try {
      const response = await submitRequest(token, input, idempotencyKeys.keyFor(JSON.stringify(input)));
      idempotencyKeys.reset();
      setLastReferenceNumber(response.referenceNumber);
      const code = response.data.verificationCode;
      if (input.requestType === 'TRANSFER' && code) {
        rememberVerificationCode(response.data.id, code);
        navigate(paths.verify(code));
        return { ok: true };
      }
      setDrafts((current) => ({ ...current, [input.requestType]: EMPTY_DRAFTS[input.requestType] }));
      setSelected(null);
      setSuccess({ referenceNumber: response.referenceNumber, requestType: input.requestType });
      focusLater(byId(SUCCESS_BANNER_ID));
      refreshRequests();
      return { ok: true };
    } catch (error) {
      if (!isApiRequestError(error)) return { ok: false, message: REQUEST_MESSAGES.submitFailed };
      if (error.status === 401) {
        onSessionExpired();
        return { ok: true };
      }
      if (error.isNetworkError) return { ok: false, message: PORTAL_MESSAGES.submitNetworkError };
      // The server refused this key (used for other content): the next attempt gets a new one.
      if (error.status === 422) idempotencyKeys.reset();
      const message = error.fromServer && error.message ? error.message : REQUEST_MESSAGES.submitFailed;
      return { ok: false, message, fieldErrors: error.status === 400 ? toFieldErrors(error.fieldErrors) : {} };
    }
  }

  return (
    <div className="portal-dashboard">
      <AccountSummary summary={summary} onLogout={onLogout} onDifferentCode={onDifferentCode} />
      <Holdings onSessionExpired={onSessionExpired} />
      {success && (
        <SuccessBanner
          referenceNumber={success.referenceNumber}
          requestType={success.requestType}
          onDismiss={dismissSuccess}
        />
      )}
      {requests.status === 'ready' && <VerificationBanner requests={requests.requests} />}
      {selected ? (
        <RequestFormPanel
          type={selected}
          drafts={drafts}
          updateDraft={updateDraft}
          sharesHeld={summary.account.sharesHeld}
          onSubmit={submit}
          onBack={backToTypes}
        />
      ) : (
        <RequestTypeCards onChoose={choose} />
      )}
      <MyRequests
        state={requests}
        onSessionExpired={onSessionExpired}
        onRetry={() => {
          setRequests({ status: 'loading' });
          refreshRequests();
        }}
      />
      <Documents onSessionExpired={onSessionExpired} />
      <DeliveryPreferences onSessionExpired={onSessionExpired} />
    </div>
  );
}
