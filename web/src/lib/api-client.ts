import type { ZodType } from 'zod';
import type { ApiError, ApiErrorCode } from '@ledgerwell/shared/api-error';
import type { Challenge } from '@ledgerwell/shared/challenge';
import { CSRF_CLIENT_CACHE_MS, CSRF_HEADER } from '@ledgerwell/shared/csrf';
import { apiPaths, withQuery, type QueryValue } from '../config/paths';
import { sessionTokens, type SessionKind } from './session-token';

/**
 * Codes a caller can see: the server's codes, plus two of the client's own:
 * NETWORK_ERROR when no answer arrived, BAD_RESPONSE when the answer was not the shape we expect.
 */
export type ApiClientErrorCode = ApiErrorCode | 'NETWORK_ERROR' | 'BAD_RESPONSE';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: ApiClientErrorCode;
  /** Bad lines of an uploaded file, from the server's `errors` list. */
  readonly lineErrors: { line: number; message: string }[];
  /** Field name → message, from the server's `errors` map. */
  readonly fieldErrors: Record<string, string>;
  readonly requestId: string | undefined;
  /** True when the server sent its own error body, so `message` is the server's message. */
  readonly fromServer: boolean;
  /** On CHALLENGE_REQUIRED: the proof of work to solve before sending the call again. */
  readonly challenge: Challenge | undefined;
  /** The answer's JSON as sent, for a call whose failure carries more than the error shape (an import's report). */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: ApiClientErrorCode;
    message: string;
    fieldErrors?: Record<string, string>;
    lineErrors?: { line: number; message: string }[];
    requestId?: string | undefined;
    fromServer?: boolean;
    challenge?: Challenge | undefined;
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.lineErrors = init.lineErrors ?? [];
    this.requestId = init.requestId;
    this.fromServer = init.fromServer ?? false;
    this.challenge = init.challenge;
    this.body = init.body;
  }

  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** Called for every failed call of a signed-in area that says the session is gone or restricted. */
type SessionAuthListener = (error: ApiRequestError) => void;
const sessionAuthListeners: Record<SessionKind, Set<SessionAuthListener>> = { admin: new Set(), issuer: new Set() };

/**
 * Subscribe to 401s, PASSWORD_CHANGE_REQUIRED and MFA_ENROLLMENT_REQUIRED answers of the calls
 * sent with one kind of session's bearer token (`auth: 'admin'` or `auth: 'issuer'`).
 */
export function onSessionAuthError(kind: SessionKind, listener: SessionAuthListener): () => void {
  sessionAuthListeners[kind].add(listener);
  return () => sessionAuthListeners[kind].delete(listener);
}

/** Subscribe to the admin session's failures (onSessionAuthError for staff). */
export function onAdminAuthError(listener: SessionAuthListener): () => void {
  return onSessionAuthError('admin', listener);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData body is sent as multipart; a string or Blob with `contentType` is sent as is. */
  body?: unknown;
  /** The Content-Type of a string or Blob body sent as is (e.g. 'text/csv' for a file's text). */
  contentType?: string;
  query?: Record<string, QueryValue>;
  /**
   * 'admin' or 'issuer' sends that signed-in area's stored bearer token (and answers its session
   * listeners and step-up dialog); `{ bearer }` sends the token given.
   */
  auth?: SessionKind | 'none' | { bearer: string };
  /** Fetch a CSRF token (cached) and send it in the X-CSRF-Token header. */
  csrf?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** Parses the success body; without it the body is returned unchecked. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /**
   * The message of a non-OK answer that carries no message of the server's own, e.g. 'Failed to
   * fetch request' (admin-request-review spec 8). Without it, the HTTP status line.
   */
  failureMessage?: string;
  /** The message when no answer arrived at all; NETWORK_ERROR_MESSAGE without it. */
  networkErrorMessage?: string;
}

export const NETWORK_ERROR_MESSAGE = 'Network error';

type FailureTexts = Pick<RequestOptions<never>, 'failureMessage' | 'networkErrorMessage'>;

/**
 * The message of a failed call: no answer (status 0) → the network text; an answer with the
 * server's own message → that message; any other non-OK answer → the call's failure text, else the
 * HTTP status line.
 */
export function failureMessageFor(
  failure: { status: number; serverMessage?: string | undefined; statusText?: string | undefined },
  texts: FailureTexts = {},
): string {
  if (failure.status === 0) return texts.networkErrorMessage ?? NETWORK_ERROR_MESSAGE;
  if (failure.serverMessage?.trim()) return failure.serverMessage;
  return texts.failureMessage ?? (failure.statusText || `Request failed with status ${failure.status}`);
}

function networkError(cause: unknown, texts: FailureTexts): ApiRequestError {
  return new ApiRequestError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: failureMessageFor({ status: 0 }, texts),
    cause,
  });
}

/**
 * The server's error body of a non-OK answer, or null when it sent none (a proxy's page, say). zod and
 * the error schema are loaded with the first failure: a page whose calls succeed never evaluates them
 * (about 15-30 ms of a phone's main thread at load: Lighthouse TBT on /issuer-portal).
 */
async function serverErrorOf(response: Response, data: unknown): Promise<ApiError | null> {
  if (response.ok) return null;
  const schema = await import('@ledgerwell/shared/api-error').then(
    (module) => module.apiErrorSchema,
    // Its chunk unreachable (a page kept from before a release, the line gone): the call still fails
    // as an ApiRequestError, told by its status rather than the server's message.
    () => null,
  );
  const parsed = schema?.safeParse(data);
  return parsed?.success ? parsed.data : null;
}

/** The error of a non-OK answer, from the server's error body when it sent one (`body`). */
function answerError(response: Response, body: ApiError | null, texts: FailureTexts, raw?: unknown): ApiRequestError {
  if (!body) {
    return new ApiRequestError({
      status: response.status,
      code: 'BAD_RESPONSE',
      message: failureMessageFor({ status: response.status, statusText: response.statusText }, texts),
    });
  }
  return new ApiRequestError({
    status: response.status,
    code: body.code,
    message: failureMessageFor(
      { status: response.status, serverMessage: body.message, statusText: response.statusText },
      texts,
    ),
    fieldErrors: Array.isArray(body.errors) ? {} : body.errors,
    lineErrors: Array.isArray(body.errors) ? body.errors : [],
    requestId: body.requestId,
    fromServer: body.message.trim() !== '',
    challenge: body.challenge,
    body: raw,
  });
}

const RESTRICTED_SESSION_CODES: readonly ApiClientErrorCode[] = ['PASSWORD_CHANGE_REQUIRED', 'MFA_ENROLLMENT_REQUIRED'];

type Auth = RequestOptions<never>['auth'];

const sessionKindOf = (auth: Auth): SessionKind | null => (auth === 'admin' || auth === 'issuer' ? auth : null);

function bearerFor(auth: Auth): string | null {
  if (auth === undefined || auth === 'none') return null;
  return typeof auth === 'string' ? sessionTokens[auth].get() : auth.bearer;
}

/** Tells a session's listeners about a 401, PASSWORD_CHANGE_REQUIRED or MFA_ENROLLMENT_REQUIRED answer of its call. */
function reportSessionAuthError(auth: Auth, error: ApiRequestError) {
  const kind = sessionKindOf(auth);
  if (!kind || (error.status !== 401 && !RESTRICTED_SESSION_CODES.includes(error.code))) return;
  if (error.status === 401) sessionTokens[kind].clear();
  for (const listener of sessionAuthListeners[kind]) listener(error);
}

/** Asks the signed-in user to confirm it is them (the step-up dialog); true once they have. */
export type StepUpHandler = () => Promise<boolean>;
const stepUpHandlers: Record<SessionKind, StepUpHandler | null> = { admin: null, issuer: null };
const pendingStepUps: Record<SessionKind, Promise<boolean> | null> = { admin: null, issuer: null };

/**
 * A signed-in area registers its step-up dialog here (staff by default); returns the unregister
 * function. A sensitive call of that area answered 403 MFA_STEP_UP_REQUIRED awaits it and,
 * confirmed, is sent once more.
 */
export function setStepUpHandler(handler: StepUpHandler, kind: SessionKind = 'admin'): () => void {
  stepUpHandlers[kind] = handler;
  return () => {
    if (stepUpHandlers[kind] === handler) stepUpHandlers[kind] = null;
  };
}

/** Calls refused at the same moment (e.g. two exports) share one dialog: one pending answer for all. */
function confirmStepUp(kind: SessionKind): Promise<boolean> {
  const handler = stepUpHandlers[kind];
  if (!handler) return Promise.resolve(false);
  pendingStepUps[kind] ??= handler()
    .catch(() => false)
    .finally(() => {
      pendingStepUps[kind] = null;
    });
  return pendingStepUps[kind];
}

/** The session kind whose step-up dialog should answer this refusal, or null when it is not one. */
function stepUpKind(auth: Auth, response: Response, body: ApiError | null): SessionKind | null {
  const kind = sessionKindOf(auth);
  return kind && response.status === 403 && body?.code === 'MFA_STEP_UP_REQUIRED' ? kind : null;
}

let csrfCache: { token: string; expires: number } | null = null;

async function csrfToken(signal?: AbortSignal): Promise<string> {
  if (csrfCache && csrfCache.expires > Date.now()) return csrfCache.token;
  const { csrfTokenResponseSchema } = await import('@ledgerwell/shared/csrf-response').catch((cause: unknown) => {
    throw networkError(cause, {});
  });
  const body = await apiRequest(apiPaths.csrfToken, { schema: csrfTokenResponseSchema, signal });
  csrfCache = { token: body.csrfToken, expires: Date.now() + CSRF_CLIENT_CACHE_MS };
  return body.csrfToken;
}

const isCsrfRefusal = (response: Response, body: ApiError | null) =>
  response.status === 403 && body?.code === 'CSRF_INVALID';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiRequestWithStatus(path, options)).data;
}

/** Like apiRequest, for calls whose success statuses mean different things (e.g. 201 and 207). */
export async function apiRequestWithStatus<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<{ status: number; data: T }> {
  const { method = 'GET', body, contentType, query, auth = 'none', csrf = false, schema, signal } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if ((typeof body === 'string' || body instanceof Blob) && contentType) {
    headers.set('Content-Type', contentType);
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const bearer = bearerFor(auth);
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  if (csrf) headers.set(CSRF_HEADER, await csrfToken(signal));

  const send = async (): Promise<{ response: Response; data: unknown }> => {
    let response: Response;
    try {
      response = await fetch(withQuery(path, query), {
        method,
        headers,
        body: payload ?? null,
        credentials: 'same-origin',
        signal: signal ?? null,
      });
    } catch (cause) {
      // An abort is the caller's own doing: let it through untouched.
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw networkError(cause, options);
    }
    return { response, data: await readJson(response) };
  };

  const sendAndRead = async () => {
    const answer = await send();
    return { ...answer, failure: await serverErrorOf(answer.response, answer.data) };
  };

  let { response, data, failure } = await sendAndRead();
  if (csrf && isCsrfRefusal(response, failure)) {
    // The cached token is no longer accepted (the server's signing key changed, e.g. at an
    // upgrade): fetch a fresh one and send the call once more, instead of failing for the cache's life.
    csrfCache = null;
    headers.set(CSRF_HEADER, await csrfToken(signal));
    ({ response, data, failure } = await sendAndRead());
  }
  // The payload (JSON text, a string or FormData) is sent as it was built: the same call again.
  const stepUp = stepUpKind(auth, response, failure);
  if (stepUp && (await confirmStepUp(stepUp))) ({ response, data, failure } = await sendAndRead());

  if (!response.ok) {
    const error = answerError(response, failure, options, data);
    reportSessionAuthError(auth, error);
    throw error;
  }

  if (!schema) return { status: response.status, data: data as T };
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: 'BAD_RESPONSE',
      message: 'Unexpected response from the server',
      cause: parsed.error,
    });
  }
  return { status: response.status, data: parsed.data };
}

/**
 * A binary answer (e.g. an identity image) as a Blob, with the same bearer token and the same
 * ApiRequestError on failure as apiRequest.
 */
export async function apiBlob(
  path: string,
  options: Pick<RequestOptions<never>, 'auth' | 'query' | 'signal' | 'failureMessage' | 'networkErrorMessage'> = {},
): Promise<Blob> {
  const { auth = 'none', query, signal } = options;
  const headers = new Headers();
  const bearer = bearerFor(auth);
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);

  const send = async (): Promise<Response> => {
    try {
      return await fetch(withQuery(path, query), { headers, credentials: 'same-origin', signal: signal ?? null });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw networkError(cause, options);
    }
  };

  let response = await send();
  if (response.ok) return response.blob();
  let failure = await serverErrorOf(response, await readJson(response));
  const stepUp = stepUpKind(auth, response, failure);
  if (stepUp && (await confirmStepUp(stepUp))) {
    response = await send();
    if (response.ok) return response.blob();
    failure = await serverErrorOf(response, await readJson(response));
  }
  const error = answerError(response, failure, options);
  reportSessionAuthError(auth, error);
  throw error;
}
