import {
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  failurePanelLine,
  thrownUploadMessage,
  uploadErrorMessage,
  type DocumentsState,
  type DocumentType,
} from '@ledgerwell/shared/verification';
import { CHALLENGE_REQUIRED, type Challenge } from '@ledgerwell/shared/challenge';

/**
 * What to send, what is missing and what a set of upload answers means: the decisions of the
 * verification page, apart from React and the network so that they can be tested alone.
 */

/** A photo kept on the device, as far as these decisions care. */
export interface LocalPhotoState {
  uploaded: boolean;
}
export type LocalPhotos = Partial<Record<DocumentType, LocalPhotoState>>;

/** The server holds this photo (it said so, or answered 200 for ours). */
function held(kind: DocumentType, local: LocalPhotos, server: DocumentsState | null): boolean {
  if (server) return server[kind];
  return local[kind]?.uploaded === true;
}

/** A step is done when the device has its photo or the server already holds one. */
export function stepDone(kind: DocumentType, local: LocalPhotos, server: DocumentsState | null): boolean {
  return local[kind] !== undefined || held(kind, local, server);
}

/** Where to (re)open the capture: the first step not done; the last one when all are. */
export function firstOpenStep(local: LocalPhotos, server: DocumentsState | null): number {
  const index = DOCUMENT_TYPES.findIndex((kind) => !stepDone(kind, local, server));
  return index === -1 ? DOCUMENT_TYPES.length - 1 : index;
}

/**
 * On submit: send every photo of the device the server does not hold yet (a photo the server holds
 * is not sent again, unless the shareholder retook it); `missing` are the steps with no photo anywhere.
 */
export function planSubmission(
  local: LocalPhotos,
  server: DocumentsState | null,
): { send: DocumentType[]; missing: DocumentType[] } {
  const send: DocumentType[] = [];
  const missing: DocumentType[] = [];
  for (const kind of DOCUMENT_TYPES) {
    const photo = local[kind];
    if (photo && !(photo.uploaded && held(kind, local, server))) send.push(kind);
    else if (!photo && !held(kind, local, server)) missing.push(kind);
  }
  return { send, missing };
}

/** A queued set is sent when the page opens or the connection returns, if there is something to send. */
export function shouldSendQueued(input: {
  queued: boolean;
  online: boolean;
  plan: { send: DocumentType[]; missing: DocumentType[] };
}): boolean {
  return input.queued && input.online && input.plan.missing.length === 0 && input.plan.send.length > 0;
}

/** The parts of ApiRequestError (or any thrown value) the decisions read. */
export interface ErrorFacts {
  status?: number;
  code?: string;
  challenge?: unknown;
  isNetworkError?: boolean;
  fromServer?: boolean;
  message?: string;
  name?: string;
  cause?: unknown;
}

/**
 * The proof of work a 429 CHALLENGE_REQUIRED answer asks for (decision 010), or null. Read from the
 * error's facts like every other decision here, so the tests need no ApiRequestError.
 */
export function challengeIn(error: unknown): Challenge | null {
  const facts = (typeof error === 'object' && error !== null ? error : {}) as ErrorFacts;
  if (
    facts.status !== 429 ||
    facts.code !== CHALLENGE_REQUIRED ||
    typeof facts.challenge !== 'object' ||
    facts.challenge === null
  )
    return null;
  return facts.challenge as Challenge;
}

export type UploadFailure =
  | { reason: 'network' }
  /** Past the address's limit: the same upload goes again with the solved proof of work. Not a failure of the photo. */
  | { reason: 'challenge'; challenge: Challenge; message: string }
  | { reason: 'invalid-code' }
  /** The portal's token expired or was revoked (the upload by request): sign in again. */
  | { reason: 'signed-out' }
  | { reason: 'not-accepting'; message: string }
  | { reason: 'server'; status: number; message: string | undefined }
  | { reason: 'thrown'; name: string | undefined; message: string | undefined };

/** Why one upload failed. No answer at all, or the browser offline, is a network failure (queued). */
export function classifyUploadError(error: unknown, online: boolean): UploadFailure {
  const facts = (typeof error === 'object' && error !== null ? error : {}) as ErrorFacts;
  const status = typeof facts.status === 'number' ? facts.status : 0;
  // Our own upload time limit (AbortSignal.timeout): a slow connection, not a lost one. The panel says so.
  const cause = facts.cause as { name?: unknown } | undefined;
  if (online && (facts.name === 'TimeoutError' || cause?.name === 'TimeoutError'))
    return { reason: 'thrown', name: 'TimeoutError', message: 'timeout' };
  if (facts.isNetworkError === true || !online) return { reason: 'network' };
  const challenge = challengeIn(error);
  if (challenge) return { reason: 'challenge', challenge, message: facts.message ?? '' };
  if (status === 401 && facts.fromServer) return { reason: 'signed-out' };
  if (status === 404 && facts.fromServer) return { reason: 'invalid-code' };
  if (status === 409 && facts.fromServer) return { reason: 'not-accepting', message: facts.message ?? '' };
  if (status > 0) return { reason: 'server', status, message: facts.fromServer ? facts.message : undefined };
  return { reason: 'thrown', name: facts.name, message: facts.message };
}

export type UploadResult =
  | { kind: DocumentType; ok: true; verificationComplete: boolean; documents: DocumentsState }
  | { kind: DocumentType; ok: false; failure: UploadFailure };

export interface FailureLine {
  kind: DocumentType;
  text: string;
  tip?: string;
}

export type SubmissionOutcome =
  | { outcome: 'complete' }
  /** Every answer was 200 and yet the server does not report the request complete: ask it again. */
  | { outcome: 'confirm'; documents: DocumentsState }
  | { outcome: 'queued'; uploaded: DocumentType[] }
  | { outcome: 'invalid-code' }
  | { outcome: 'signed-out' }
  /** The server asks for a proof of work first: the photos stay (and stay queued), the set goes again with the payload. */
  | { outcome: 'challenge'; challenge: Challenge; uploaded: DocumentType[] }
  | { outcome: 'not-accepting'; message: string }
  | { outcome: 'failed'; uploaded: DocumentType[]; lines: FailureLine[] };

/** One line of the failure panel for one failed photo (spec 8, "Upload failure panel"). */
export function failureLine(kind: DocumentType, failure: UploadFailure): FailureLine {
  const label = DOCUMENT_LABELS[kind];
  switch (failure.reason) {
    case 'server':
      // A body of our own server: mapped by keyword. Anything else (a proxy's 413 or 503 page): by status.
      if (failure.message) return { kind, ...failurePanelLine(label, failure.message) };
      return { kind, text: uploadErrorMessage(failure.status) };
    case 'network':
      return { kind, ...failurePanelLine(label, 'network') };
    case 'thrown':
      return { kind, text: thrownUploadMessage({ name: failure.name, message: failure.message }) };
    case 'not-accepting':
    case 'challenge':
      return { kind, ...failurePanelLine(label, failure.message) };
    case 'invalid-code':
    case 'signed-out':
      return { kind, ...failurePanelLine(label, undefined) };
  }
}

/** What a set of parallel uploads adds up to. */
export function summariseUploads(results: UploadResult[], previous: DocumentsState | null): SubmissionOutcome {
  const uploaded = results.filter((result) => result.ok).map((result) => result.kind);
  const failures = results.flatMap((result) => (result.ok ? [] : [{ kind: result.kind, failure: result.failure }]));

  if (failures.some((f) => f.failure.reason === 'invalid-code')) return { outcome: 'invalid-code' };
  if (failures.some((f) => f.failure.reason === 'signed-out')) return { outcome: 'signed-out' };
  // Before any panel: the refusals of other photos are for after the check, when they go again.
  for (const { failure } of failures)
    if (failure.reason === 'challenge') return { outcome: 'challenge', challenge: failure.challenge, uploaded };
  if (failures.length === 0) {
    if (results.some((result) => result.ok && result.verificationComplete)) return { outcome: 'complete' };
    const documents: DocumentsState = { selfie: false, id_front: false, id_back: false, ...previous };
    for (const result of results) {
      if (!result.ok) continue;
      for (const kind of DOCUMENT_TYPES) documents[kind] ||= result.documents[kind];
      documents[result.kind] = true;
    }
    return { outcome: 'confirm', documents };
  }
  if (failures.every((f) => f.failure.reason === 'network')) return { outcome: 'queued', uploaded };
  const notAccepting = failures.find((f) => f.failure.reason === 'not-accepting');
  if (notAccepting && notAccepting.failure.reason === 'not-accepting' && failures.length === results.length) {
    return { outcome: 'not-accepting', message: notAccepting.failure.message };
  }
  return { outcome: 'failed', uploaded, lines: failures.map((f) => failureLine(f.kind, f.failure)) };
}
