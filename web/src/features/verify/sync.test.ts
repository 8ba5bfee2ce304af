import { describe, expect, it } from 'vitest';
import { UPLOAD_SERVER_MESSAGES, type DocumentsState } from '@ledgerwell/shared/verification';
import type { Challenge } from '@ledgerwell/shared/challenge';
import {
  challengeIn,
  classifyUploadError,
  failureLine,
  firstOpenStep,
  planSubmission,
  shouldSendQueued,
  summariseUploads,
  type UploadResult,
} from './sync';

const none: DocumentsState = { selfie: false, id_front: false, id_back: false };
const all: DocumentsState = { selfie: true, id_front: true, id_back: true };
const fresh = { uploaded: false };
const sent = { uploaded: true };
const CHALLENGE: Challenge = {
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 10, keyLength: 32, keyPrefix: '00' },
  signature: 'sig',
};
const challengeAnswer = {
  status: 429,
  code: 'CHALLENGE_REQUIRED',
  fromServer: true,
  message: UPLOAD_SERVER_MESSAGES.tooManyAttempts,
  challenge: CHALLENGE,
};

describe('steps', () => {
  it('opens at the first step with no photo anywhere', () => {
    expect(firstOpenStep({}, none)).toBe(0);
    expect(firstOpenStep({ selfie: fresh }, none)).toBe(1);
    expect(firstOpenStep({ selfie: fresh }, { ...none, id_front: true })).toBe(2);
    expect(firstOpenStep({ id_back: fresh }, null)).toBe(0);
  });

  it('stays on the last step when all three are there', () => {
    expect(firstOpenStep({ selfie: fresh, id_front: fresh, id_back: fresh }, none)).toBe(2);
    expect(firstOpenStep({}, all)).toBe(2);
  });
});

describe('planSubmission', () => {
  it('sends the three new photos', () => {
    expect(planSubmission({ selfie: fresh, id_front: fresh, id_back: fresh }, none)).toEqual({
      send: ['selfie', 'id_front', 'id_back'],
      missing: [],
    });
  });

  it('names what is missing', () => {
    expect(planSubmission({ selfie: fresh }, none)).toEqual({ send: ['selfie'], missing: ['id_front', 'id_back'] });
    expect(planSubmission({}, null).missing).toEqual(['selfie', 'id_front', 'id_back']);
  });

  it('does not send again what the server holds', () => {
    expect(
      planSubmission({ selfie: sent, id_front: sent, id_back: fresh }, { ...none, selfie: true, id_front: true }),
    ).toEqual({ send: ['id_back'], missing: [] });
    // Offline since the page opened: our own 200s are the evidence.
    expect(planSubmission({ selfie: sent, id_front: fresh, id_back: fresh }, null)).toEqual({
      send: ['id_front', 'id_back'],
      missing: [],
    });
  });

  it('a server-held photo needs no local copy', () => {
    expect(planSubmission({ id_back: fresh }, { ...none, selfie: true, id_front: true })).toEqual({
      send: ['id_back'],
      missing: [],
    });
  });

  it('sends a local photo the server says it does not hold, even if we had a 200 for it', () => {
    expect(planSubmission({ selfie: sent, id_front: sent, id_back: sent }, { ...none, id_back: true }).send).toEqual([
      'selfie',
      'id_front',
    ]);
  });

  it('sends a retake the server holds an older photo of', () => {
    expect(planSubmission({ selfie: fresh }, { ...none, selfie: true, id_front: true, id_back: true }).send).toEqual([
      'selfie',
    ]);
  });
});

describe('shouldSendQueued', () => {
  const plan = { send: ['id_back' as const], missing: [] };
  it('sends a queued, complete set once online', () => {
    expect(shouldSendQueued({ queued: true, online: true, plan })).toBe(true);
    expect(shouldSendQueued({ queued: true, online: false, plan })).toBe(false);
    expect(shouldSendQueued({ queued: false, online: true, plan })).toBe(false);
    expect(shouldSendQueued({ queued: true, online: true, plan: { send: [], missing: [] } })).toBe(false);
    expect(shouldSendQueued({ queued: true, online: true, plan: { send: ['selfie'], missing: ['id_back'] } })).toBe(
      false,
    );
  });
});

describe('classifyUploadError', () => {
  it('no answer, or the browser offline, is a network failure', () => {
    expect(classifyUploadError({ status: 0, isNetworkError: true }, true)).toEqual({ reason: 'network' });
    expect(classifyUploadError({ status: 500, fromServer: true, message: 'x' }, false)).toEqual({ reason: 'network' });
  });

  it('reads the server answers', () => {
    expect(
      classifyUploadError({ status: 404, fromServer: true, message: UPLOAD_SERVER_MESSAGES.invalidCode }, true),
    ).toEqual({ reason: 'invalid-code' });
    expect(
      classifyUploadError({ status: 409, fromServer: true, message: UPLOAD_SERVER_MESSAGES.notAccepting }, true),
    ).toEqual({ reason: 'not-accepting', message: UPLOAD_SERVER_MESSAGES.notAccepting });
    expect(
      classifyUploadError({ status: 400, fromServer: true, message: UPLOAD_SERVER_MESSAGES.dimensions }, true),
    ).toEqual({ reason: 'server', status: 400, message: UPLOAD_SERVER_MESSAGES.dimensions });
    expect(classifyUploadError({ status: 413, fromServer: false, message: 'Payload Too Large' }, true)).toEqual({
      reason: 'server',
      status: 413,
      message: undefined,
    });
    // A proxy's 404 page is not the server saying the code is unknown.
    expect(classifyUploadError({ status: 404, fromServer: false }, true)).toEqual({
      reason: 'server',
      status: 404,
      message: undefined,
    });
  });

  it('a refused portal token (the upload by request) means signing in again', () => {
    expect(classifyUploadError({ status: 401, fromServer: true, message: 'Your session has expired.' }, true)).toEqual({
      reason: 'signed-out',
    });
    expect(classifyUploadError({ status: 401, fromServer: false }, true)).toEqual({
      reason: 'server',
      status: 401,
      message: undefined,
    });
  });

  it('our upload time limit is a timeout, not a lost connection', () => {
    const timeout = { status: 0, isNetworkError: true, cause: new DOMException('signal timed out', 'TimeoutError') };
    const failure = classifyUploadError(timeout, true);
    expect(failure).toEqual({ reason: 'thrown', name: 'TimeoutError', message: 'timeout' });
    expect(failureLine('id_back', failure).text).toBe('Upload timed out. Please check your connection and try again.');
    expect(classifyUploadError(timeout, false)).toEqual({ reason: 'network' });
  });

  it('a 429 CHALLENGE_REQUIRED asks for a proof of work, not a failure line', () => {
    expect(challengeIn(challengeAnswer)).toBe(CHALLENGE);
    expect(classifyUploadError(challengeAnswer, true)).toEqual({
      reason: 'challenge',
      challenge: CHALLENGE,
      message: UPLOAD_SERVER_MESSAGES.tooManyAttempts,
    });
    // A plain 429 (no challenge), or one without its challenge, stays a server refusal.
    expect(challengeIn({ status: 429, code: 'RATE_LIMITED', fromServer: true, message: 'x' })).toBeNull();
    expect(classifyUploadError({ ...challengeAnswer, challenge: undefined }, true)).toEqual({
      reason: 'server',
      status: 429,
      message: UPLOAD_SERVER_MESSAGES.tooManyAttempts,
    });
    // Offline wins: the set is queued as before.
    expect(classifyUploadError(challengeAnswer, false)).toEqual({ reason: 'network' });
  });

  it('anything else thrown keeps its name and message', () => {
    expect(classifyUploadError(new TypeError('boom'), true)).toEqual({
      reason: 'thrown',
      name: 'TypeError',
      message: 'boom',
    });
    expect(classifyUploadError('weird', true)).toEqual({ reason: 'thrown', name: undefined, message: undefined });
  });
});

describe('failure panel lines', () => {
  it('maps the server messages by keyword', () => {
    expect(
      failureLine('selfie', { reason: 'server', status: 400, message: UPLOAD_SERVER_MESSAGES.fileType }).text,
    ).toBe('Invalid file format. Please use JPG or PNG images only.');
    expect(
      failureLine('selfie', { reason: 'server', status: 400, message: UPLOAD_SERVER_MESSAGES.fileSize }).text,
    ).toBe('File too large. Maximum size is 10MB.');
    expect(
      failureLine('id_front', { reason: 'server', status: 400, message: UPLOAD_SERVER_MESSAGES.dimensions }).text,
    ).toBe('Image too small. Minimum size is 800x600 pixels.');
    expect(
      failureLine('id_front', { reason: 'server', status: 400, message: UPLOAD_SERVER_MESSAGES.corrupted }).text,
    ).toBe('Image file appears corrupted. Please try a different photo.');
    expect(
      failureLine('id_back', { reason: 'server', status: 429, message: UPLOAD_SERVER_MESSAGES.tooManyAttempts }).text,
    ).toBe(`ID Back: ${UPLOAD_SERVER_MESSAGES.tooManyAttempts}`);
  });

  it('uses the status when the answer is not our server’s', () => {
    expect(failureLine('selfie', { reason: 'server', status: 413, message: undefined }).text).toBe(
      'File too large. Please reduce the image size and try again.',
    );
    expect(failureLine('selfie', { reason: 'server', status: 503, message: undefined }).text).toBe(
      'Service temporarily unavailable. Please try again in a few minutes.',
    );
    expect(failureLine('selfie', { reason: 'server', status: 500, message: undefined }).text).toBe(
      'Server error. Please wait a moment and try again.',
    );
  });

  it('network and thrown errors', () => {
    expect(failureLine('selfie', { reason: 'network' })).toMatchObject({
      text: 'Network error. Please check your connection.',
      tip: expect.any(String),
    });
    expect(failureLine('selfie', { reason: 'thrown', name: 'TimeoutError', message: 'signal timed out' }).text).toBe(
      'Upload timed out. Please check your connection and try again.',
    );
    expect(failureLine('selfie', { reason: 'thrown', name: 'Error', message: 'odd' }).text).toBe(
      'An error occurred while uploading your documents.',
    );
  });
});

describe('summariseUploads', () => {
  const ok = (kind: 'selfie' | 'id_front' | 'id_back', complete = false, documents = none): UploadResult => ({
    kind,
    ok: true,
    verificationComplete: complete,
    documents,
  });
  const bad = (kind: 'selfie' | 'id_front' | 'id_back', failure: Parameters<typeof failureLine>[1]): UploadResult => ({
    kind,
    ok: false,
    failure,
  });

  it('complete when an answer says so', () => {
    expect(summariseUploads([ok('selfie'), ok('id_front'), ok('id_back', true, all)], none)).toEqual({
      outcome: 'complete',
    });
  });

  it('all 200 without "complete": the merged state, to confirm', () => {
    expect(summariseUploads([ok('id_back')], { ...none, selfie: true, id_front: true })).toEqual({
      outcome: 'confirm',
      documents: all,
    });
    expect(summariseUploads([ok('selfie')], none)).toEqual({
      outcome: 'confirm',
      documents: { ...none, selfie: true },
    });
  });

  it('only network failures: queued, with what did go through', () => {
    expect(
      summariseUploads(
        [ok('selfie'), bad('id_front', { reason: 'network' }), bad('id_back', { reason: 'network' })],
        none,
      ),
    ).toEqual({ outcome: 'queued', uploaded: ['selfie'] });
  });

  it('an unknown code ends it all', () => {
    expect(
      summariseUploads([bad('selfie', { reason: 'invalid-code' }), bad('id_front', { reason: 'network' })], none),
    ).toEqual({ outcome: 'invalid-code' });
  });

  it('a refused token ends it all: no panel, the portal signs in again', () => {
    expect(
      summariseUploads(
        [ok('selfie'), bad('id_front', { reason: 'signed-out' }), bad('id_back', { reason: 'network' })],
        none,
      ),
    ).toEqual({ outcome: 'signed-out' });
  });

  it('every answer 409: no longer accepting', () => {
    const results = [bad('selfie', { reason: 'not-accepting', message: UPLOAD_SERVER_MESSAGES.notAccepting })];
    expect(summariseUploads(results, none)).toEqual({
      outcome: 'not-accepting',
      message: UPLOAD_SERVER_MESSAGES.notAccepting,
    });
  });

  it('a challenge on any photo: no panel and nothing dropped, the set goes again with the proof', () => {
    const challenge = {
      reason: 'challenge' as const,
      challenge: CHALLENGE,
      message: UPLOAD_SERVER_MESSAGES.tooManyAttempts,
    };
    expect(summariseUploads([ok('selfie'), bad('id_front', challenge), bad('id_back', challenge)], none)).toEqual({
      outcome: 'challenge',
      challenge: CHALLENGE,
      uploaded: ['selfie'],
    });
    // Beats the network (queued) and the other refusals (the panel): those are for after the check.
    expect(summariseUploads([bad('selfie', { reason: 'network' }), bad('id_front', challenge)], none)).toMatchObject({
      outcome: 'challenge',
    });
    expect(
      summariseUploads(
        [
          bad('selfie', { reason: 'server', status: 400, message: UPLOAD_SERVER_MESSAGES.dimensions }),
          bad('id_front', challenge),
        ],
        none,
      ),
    ).toMatchObject({ outcome: 'challenge' });
    // An unknown code still ends it all.
    expect(summariseUploads([bad('selfie', { reason: 'invalid-code' }), bad('id_front', challenge)], none)).toEqual({
      outcome: 'invalid-code',
    });
  });

  it('server refusals: the failure panel, a line per failed photo', () => {
    const outcome = summariseUploads(
      [
        ok('selfie'),
        bad('id_front', { reason: 'server', status: 400, message: UPLOAD_SERVER_MESSAGES.dimensions }),
        bad('id_back', { reason: 'network' }),
      ],
      none,
    );
    expect(outcome).toEqual({
      outcome: 'failed',
      uploaded: ['selfie'],
      lines: [
        { kind: 'id_front', text: 'Image too small. Minimum size is 800x600 pixels.' },
        { kind: 'id_back', text: 'Network error. Please check your connection.', tip: expect.any(String) },
      ],
    });
  });
});
