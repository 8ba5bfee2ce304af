import { describe, expect, it, vi } from 'vitest';
import {
  UPLOAD_SERVER_MESSAGES,
  VERIFICATION_MESSAGES,
  type DocumentType,
  type VerificationState,
} from '@ledgerwell/shared/verification';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { ApiRequestError } from '../../lib/api-client';
import { codeRules } from './code-channel';
import { REQUEST_PAGE_MESSAGES } from './messages';
import { createMemoryPhotoStore, type PhotoStore } from './photo-store';
import { requestKey, requestRules } from './request-channel';
import { VerificationSession, type SessionDeps } from './session';

const CODE = 'BRAVE1234TIGER5678';
const REQUEST_ID = '6f1c1e0a-8a5e-4a6b-9d3c-2b7f0e4d5a10';

/** The two ways in: the e-mailed code, and the signed-in portal's request. */
const BY_CODE = { key: CODE, rules: codeRules };
const BY_REQUEST = { key: requestKey(REQUEST_ID), rules: requestRules };
const KINDS: DocumentType[] = ['selfie', 'id_front', 'id_back'];

function state(documents: Partial<VerificationState['documents']> = {}): VerificationState {
  const docs = { selfie: false, id_front: false, id_back: false, ...documents };
  return {
    referenceNumber: 'TR-2025-000123',
    status: 'AWAITING_VERIFICATION',
    expiresAt: null,
    documents: docs,
    verificationComplete: docs.selfie && docs.id_front && docs.id_back,
  };
}

const networkError = () => new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
const serverError = (
  status: number,
  code: 'NOT_FOUND' | 'VALIDATION_ERROR' | 'CONFLICT' | 'INTERNAL_ERROR' | 'UNAUTHENTICATED',
  message: string,
) => new ApiRequestError({ status, code, message, fromServer: true });

/** A fake server that keeps the documents it received, and a device whose connection the test switches. */
function world(store: PhotoStore = createMemoryPhotoStore(), channel = BY_CODE) {
  const held = { selfie: false, id_front: false, id_back: false };
  const net = { online: true, uploadFailure: null as null | ((kind: DocumentType) => Error | null) };
  const uploads: DocumentType[] = [];
  const deps: SessionDeps = {
    ...channel.rules,
    openStore: async () => ({ store, persistent: true }),
    validate: vi.fn(async () => {
      if (!net.online) throw networkError();
      return state(held);
    }),
    upload: vi.fn(async ({ kind, photo }: { kind: DocumentType; photo: Blob }) => {
      if (!net.online) throw networkError();
      const failure = net.uploadFailure?.(kind);
      if (failure) throw failure;
      expect(photo.type).toBe('image/jpeg');
      uploads.push(kind);
      held[kind] = true;
      return state(held);
    }),
    isOnline: () => net.online,
    now: () => Date.now(),
    createUrl: () => `blob:test/${Math.random()}`,
    revokeUrl: () => undefined,
  };
  return { store, held, net, uploads, deps, open: () => new VerificationSession(channel.key, deps) };
}

const photo = (n = 1) => ({ buffer: new Uint8Array([0xff, 0xd8, n]).buffer, width: 2000, height: 1500 });

async function addAll(session: VerificationSession) {
  for (const kind of KINDS) await session.addPhoto(kind, photo());
}

describe('VerificationSession', () => {
  it('shows a malformed code as invalid without asking the server', async () => {
    const w = world();
    const session = new VerificationSession('no!', w.deps);
    await session.start();
    expect(session.getSnapshot().phase).toBe('invalid');
    expect(w.deps.validate).not.toHaveBeenCalled();
  });

  it('an unknown or expired code: the invalid screen, and the device forgets its photos', async () => {
    const w = world();
    await w.store.put({
      code: CODE,
      kind: 'selfie',
      buffer: photo().buffer,
      type: 'image/jpeg',
      width: 2000,
      height: 1500,
      capturedAt: Date.now(),
      uploaded: false,
    });
    w.deps.validate = vi.fn(async () => {
      throw serverError(404, 'NOT_FOUND', UPLOAD_SERVER_MESSAGES.invalidCode);
    });
    const session = w.open();
    await session.start();
    expect(session.getSnapshot().phase).toBe('invalid');
    expect(await w.store.list(CODE)).toEqual([]);
  });

  it('a request already complete opens on Verification Complete', async () => {
    const w = world();
    Object.assign(w.held, { selfie: true, id_front: true, id_back: true });
    const session = w.open();
    await session.start();
    expect(session.getSnapshot().phase).toBe('complete');
  });

  it('keeps each photo on the device at once, then sends the three in parallel, then forgets them', async () => {
    const w = world();
    const session = w.open();
    await session.start();
    expect(session.getSnapshot()).toMatchObject({ phase: 'ready', server: { documents: { selfie: false } } });
    await session.addPhoto('selfie', photo());
    expect((await w.store.get(CODE, 'selfie'))?.uploaded).toBe(false);
    await session.addPhoto('id_front', photo());
    await session.addPhoto('id_back', photo());
    expect(Object.keys(session.getSnapshot().photos)).toHaveLength(3);

    await session.submit();
    expect(w.uploads.sort()).toEqual(['id_back', 'id_front', 'selfie']);
    expect(session.getSnapshot().phase).toBe('complete');
    expect(session.getSnapshot().photos).toEqual({});
    expect(await w.store.list(CODE)).toEqual([]);
  });

  it('refuses to submit with a photo missing', async () => {
    const w = world();
    const session = w.open();
    await session.start();
    await session.addPhoto('selfie', photo());
    await session.submit();
    expect(session.getSnapshot().submitError).toBe('Please capture all required photos before submitting.');
    expect(w.uploads).toEqual([]);
  });

  it('offline: queues the set, survives a reload, and sends it when the connection returns', async () => {
    const w = world();
    const first = w.open();
    await first.start();
    await addAll(first);
    w.net.online = false;
    await first.submit();
    expect(first.getSnapshot()).toMatchObject({ phase: 'ready', queued: true, notice: 'queued' });
    expect(await w.store.isQueued(CODE)).toBe(true);
    first.stop();

    // The reload, still offline: the photos come back from the device.
    const second = w.open();
    await second.start();
    expect(second.getSnapshot()).toMatchObject({ phase: 'ready', queued: true, notice: 'queued', server: null });
    expect(Object.keys(second.getSnapshot().photos).sort()).toEqual(['id_back', 'id_front', 'selfie']);

    // The `online` event.
    w.net.online = true;
    await second.resume();
    expect(w.uploads.sort()).toEqual(['id_back', 'id_front', 'selfie']);
    expect(second.getSnapshot().phase).toBe('complete');
    expect(await w.store.list(CODE)).toEqual([]);
    expect(await w.store.isQueued(CODE)).toBe(false);
  });

  it('a queued set is sent when the page next opens online', async () => {
    const w = world();
    const first = w.open();
    await first.start();
    await addAll(first);
    w.net.uploadFailure = () => networkError();
    await first.submit();
    expect(first.getSnapshot().notice).toBe('queued');
    first.stop();

    w.net.uploadFailure = null;
    const second = w.open();
    await second.start();
    expect(second.getSnapshot().phase).toBe('complete');
    expect(w.uploads).toHaveLength(3);
  });

  it('a set that was never submitted is not sent on its own', async () => {
    const w = world();
    const first = w.open();
    await first.start();
    await addAll(first);
    first.stop();
    const second = w.open();
    await second.start();
    expect(second.getSnapshot().phase).toBe('ready');
    expect(w.uploads).toEqual([]);
  });

  it('server refusals: the failure panel, photos kept, Try Again sends only what failed', async () => {
    const w = world();
    const session = w.open();
    await session.start();
    await addAll(session);
    w.net.uploadFailure = (kind) =>
      kind === 'id_front' ? serverError(400, 'VALIDATION_ERROR', UPLOAD_SERVER_MESSAGES.dimensions) : null;
    await session.submit();
    const snapshot = session.getSnapshot();
    expect(snapshot.phase).toBe('ready');
    expect(snapshot.failure).toEqual([{ kind: 'id_front', text: 'Image too small. Minimum size is 800x600 pixels.' }]);
    expect(Object.keys(snapshot.photos)).toHaveLength(3);
    expect(snapshot.photos.selfie?.uploaded).toBe(true);
    // Deleted only once the server has all three: the 200s are marked, the refused one is intact.
    expect((await w.store.list(CODE)).map((p) => [p.kind, p.uploaded]).sort()).toEqual([
      ['id_back', true],
      ['id_front', false],
      ['selfie', true],
    ]);

    w.net.uploadFailure = null;
    w.uploads.length = 0;
    await session.submit();
    expect(w.uploads).toEqual(['id_front']);
    expect(session.getSnapshot().phase).toBe('complete');
  });

  it('reopened after a partial upload: sends only what the server lacks', async () => {
    const w = world();
    Object.assign(w.held, { selfie: true, id_front: true });
    await w.store.put({
      code: CODE,
      kind: 'id_back',
      buffer: photo().buffer,
      type: 'image/jpeg',
      width: 2000,
      height: 1500,
      capturedAt: Date.now(),
      uploaded: false,
    });
    const session = w.open();
    await session.start();
    await session.submit();
    expect(w.uploads).toEqual(['id_back']);
    expect(session.getSnapshot().phase).toBe('complete');
  });

  it('409 from another device having completed it: Verification Complete', async () => {
    const w = world();
    const session = w.open();
    await session.start();
    await addAll(session);
    w.net.uploadFailure = () => {
      Object.assign(w.held, { selfie: true, id_front: true, id_back: true });
      return serverError(409, 'CONFLICT', UPLOAD_SERVER_MESSAGES.notAccepting);
    };
    await session.submit();
    expect(session.getSnapshot().phase).toBe('complete');
  });

  it('an upload answered 404 (the code expired meanwhile): the invalid screen', async () => {
    const w = world();
    const session = w.open();
    await session.start();
    await addAll(session);
    w.net.uploadFailure = () => serverError(404, 'NOT_FOUND', UPLOAD_SERVER_MESSAGES.invalidCode);
    await session.submit();
    expect(session.getSnapshot().phase).toBe('invalid');
    expect(await w.store.list(CODE)).toEqual([]);
  });

  it('offline at opening with nothing saved: a network error to retry', async () => {
    const w = world();
    w.net.online = false;
    const session = w.open();
    await session.start();
    expect(session.getSnapshot()).toMatchObject({
      phase: 'load-error',
      loadError: 'Network error. Please try again later.',
    });
    w.net.online = true;
    await session.resume();
    expect(session.getSnapshot().phase).toBe('ready');
  });

  it('a server error at opening shows its message', async () => {
    const w = world();
    w.deps.validate = vi.fn(async () => {
      throw new ApiRequestError({
        status: 429,
        code: 'RATE_LIMITED',
        message: UPLOAD_SERVER_MESSAGES.tooManyAttempts,
        fromServer: true,
      });
    });
    const session = w.open();
    await session.start();
    expect(session.getSnapshot()).toMatchObject({
      phase: 'load-error',
      loadError: UPLOAD_SERVER_MESSAGES.tooManyAttempts,
    });
  });

  it('without a working store the photos live in memory, and the page says so', async () => {
    const w = world({
      ...createMemoryPhotoStore(),
      put: async () => {
        throw new Error('QuotaExceededError');
      },
    });
    const session = w.open();
    await session.start();
    await addAll(session);
    expect(session.getSnapshot().persistent).toBe(false);
    await session.submit();
    expect(session.getSnapshot().phase).toBe('complete');
  });

  it('drops answers that arrive after the page went away', async () => {
    const w = world();
    let release: (value: VerificationState) => void = () => undefined;
    w.deps.validate = vi.fn(() => new Promise<VerificationState>((resolve) => (release = resolve)));
    const session = w.open();
    const started = session.start();
    await vi.waitFor(() => expect(w.deps.validate).toHaveBeenCalled());
    session.stop();
    release(state());
    await started;
    expect(session.getSnapshot().phase).toBe('validating');
  });
});

/**
 * The code's throttle past its limit (decision 010): every call by code answers 429
 * CHALLENGE_REQUIRED unless it carries a payload solved for a challenge the server issued, once.
 */
function throttledWorld(store?: PhotoStore) {
  const w = world(store);
  const gate = { past: true, issued: new Set<string>(), redeemed: new Set<string>(), calls: [] as string[] };
  const pass = (proof: string | undefined) => {
    if (!gate.past) return;
    if (proof && gate.issued.has(proof) && !gate.redeemed.has(proof)) {
      gate.redeemed.add(proof);
      return;
    }
    const challenge: Challenge = {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: `n${gate.issued.size}`,
        salt: 's',
        cost: 1,
        keyLength: 32,
        keyPrefix: '00',
      },
      signature: `sig-${gate.issued.size + 1}`,
    };
    gate.issued.add(`solved:${challenge.signature}`);
    throw new ApiRequestError({
      status: 429,
      code: 'CHALLENGE_REQUIRED',
      message: UPLOAD_SERVER_MESSAGES.tooManyAttempts,
      fromServer: true,
      challenge,
    });
  };
  const { validate, upload } = w.deps;
  w.deps.validate = vi.fn(async (key: string, proof?: string) => {
    if (!w.net.online) throw networkError();
    gate.calls.push(proof ? 'validate+proof' : 'validate');
    pass(proof);
    return validate(key);
  });
  w.deps.upload = vi.fn(async (input: { key: string; kind: DocumentType; photo: Blob; proof?: string | undefined }) => {
    if (!w.net.online) throw networkError();
    gate.calls.push(`upload:${input.kind}${input.proof ? '+proof' : ''}`);
    pass(input.proof);
    return upload(input);
  });
  return { ...w, gate };
}

/** What the page's widget does: solve the challenge on screen, as often as one is shown. */
async function solveAll(session: VerificationSession, max = 10): Promise<number> {
  let solved = 0;
  for (let challenge = session.getSnapshot().challenge; challenge; challenge = session.getSnapshot().challenge) {
    if (++solved > max) throw new Error('challenges never end');
    await session.solveChallenge(`solved:${challenge.signature}`);
  }
  return solved;
}

const uploadsWithoutProof = (calls: string[]) =>
  calls.filter((call) => call.startsWith('upload:') && !call.endsWith('+proof'));

describe('VerificationSession past the throttle’s limit (proof of work)', () => {
  it('the check at opening waits for the proof, then goes again with it', async () => {
    const w = throttledWorld();
    const session = w.open();
    await session.start();
    expect(session.getSnapshot()).toMatchObject({ phase: 'validating', challenge: { signature: 'sig-1' } });
    expect(w.gate.calls).toEqual(['validate']);

    await session.solveChallenge('solved:sig-1');
    expect(w.gate.calls).toEqual(['validate', 'validate+proof']);
    expect(session.getSnapshot()).toMatchObject({
      phase: 'ready',
      challenge: null,
      server: { referenceNumber: 'TR-2025-000123' },
    });
  });

  it('photos go one at a time, each with its own proof asked for with the code check: no photo is sent only to be refused', async () => {
    const w = throttledWorld();
    const session = w.open();
    await session.start();
    await solveAll(session);
    await addAll(session);
    w.gate.calls.length = 0;

    await session.submit();
    // The spinner stays, the check is on screen, the photos are on the device and queued.
    expect(session.getSnapshot()).toMatchObject({
      phase: 'uploading',
      challenge: { signature: expect.any(String) },
      queued: true,
      failure: null,
    });
    expect(await w.store.list(CODE)).toHaveLength(3);
    expect(await w.store.isQueued(CODE)).toBe(true);
    expect(w.gate.calls).toEqual(['validate']);

    expect(await solveAll(session)).toBe(3);
    expect(w.gate.calls).toEqual([
      'validate',
      'upload:selfie+proof',
      'validate',
      'upload:id_front+proof',
      'validate',
      'upload:id_back+proof',
    ]);
    expect(session.getSnapshot().phase).toBe('complete');
    expect(await w.store.list(CODE)).toEqual([]);
    expect(await w.store.isQueued(CODE)).toBe(false);
  });

  it('a challenge met by the parallel uploads: no panel, nothing dropped, no call on its own; the retry carries the payload', async () => {
    const w = throttledWorld();
    w.gate.past = false;
    const session = w.open();
    await session.start();
    await addAll(session);
    // Someone else's wrong codes from the same address trip the limit meanwhile.
    w.gate.past = true;
    w.gate.calls.length = 0;

    await session.submit();
    expect(session.getSnapshot()).toMatchObject({
      phase: 'uploading',
      failure: null,
      queued: true,
      challenge: { signature: expect.any(String) },
    });
    expect((await w.store.list(CODE)).map((p) => [p.kind, p.uploaded]).sort()).toEqual([
      ['id_back', false],
      ['id_front', false],
      ['selfie', false],
    ]);
    expect(await w.store.isQueued(CODE)).toBe(true);
    const before = w.gate.calls.length;
    expect(w.gate.calls.sort()).toEqual(['upload:id_back', 'upload:id_front', 'upload:selfie']);

    // Nothing loops while the challenge is on screen: not the `online` event, not Submit.
    await session.resume();
    await session.submit();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(w.gate.calls).toHaveLength(before);

    expect(await solveAll(session)).toBe(3);
    expect(uploadsWithoutProof(w.gate.calls.slice(before))).toEqual([]);
    expect(w.uploads.sort()).toEqual(['id_back', 'id_front', 'selfie']);
    expect(session.getSnapshot().phase).toBe('complete');
  });

  it('a queued set replayed into the challenge stays queued across a reload, then goes with its proofs', async () => {
    const w = throttledWorld();
    w.gate.past = false;
    const first = w.open();
    await first.start();
    await addAll(first);
    w.net.online = false;
    await first.submit();
    expect(first.getSnapshot()).toMatchObject({ queued: true, notice: 'queued' });
    first.stop();

    // Back online, past the limit: the reopened page is asked for a proof before anything is sent.
    w.net.online = true;
    w.gate.past = true;
    const second = w.open();
    await second.start();
    expect(second.getSnapshot()).toMatchObject({
      phase: 'validating',
      queued: true,
      challenge: { signature: expect.any(String) },
    });
    second.stop();
    expect(await w.store.list(CODE)).toHaveLength(3);
    expect(await w.store.isQueued(CODE)).toBe(true);

    const third = w.open();
    await third.start();
    expect(await solveAll(third)).toBe(4);
    expect(third.getSnapshot().phase).toBe('complete');
    expect(w.uploads.sort()).toEqual(['id_back', 'id_front', 'selfie']);
    expect(uploadsWithoutProof(w.gate.calls)).toEqual([]);
  });

  it('the widget gives up: Try Again fetches a fresh challenge; at submit, the photos stay and Submit asks again', async () => {
    const w = throttledWorld();
    const session = w.open();
    await session.start();
    session.challengeFailed();
    expect(session.getSnapshot()).toMatchObject({
      phase: 'load-error',
      loadError: CHALLENGE_MESSAGES.failed,
      challenge: null,
    });
    await session.retry();
    expect(session.getSnapshot()).toMatchObject({ phase: 'validating', challenge: { signature: 'sig-2' } });
    await solveAll(session);
    expect(session.getSnapshot().phase).toBe('ready');

    await addAll(session);
    await session.submit();
    session.challengeFailed();
    expect(session.getSnapshot()).toMatchObject({
      phase: 'ready',
      submitError: CHALLENGE_MESSAGES.failed,
      challenge: null,
    });
    expect(Object.keys(session.getSnapshot().photos)).toHaveLength(3);
    await session.submit();
    expect(session.getSnapshot().challenge).not.toBeNull();
    await solveAll(session);
    expect(session.getSnapshot().phase).toBe('complete');
  });

  it('back under the limit: the check lets the photos go without proofs', async () => {
    const w = throttledWorld();
    const session = w.open();
    await session.start();
    await solveAll(session);
    await addAll(session);
    w.gate.past = false;
    w.gate.calls.length = 0;
    await session.submit();
    expect(session.getSnapshot().phase).toBe('complete');
    expect(w.gate.calls).toEqual(['validate', 'upload:selfie', 'upload:id_front', 'upload:id_back']);
  });
});

describe('VerificationSession by request (the signed-in portal)', () => {
  const KEY = requestKey(REQUEST_ID);
  const expired = () => serverError(401, 'UNAUTHENTICATED', 'Your session has expired. Please sign in again.');

  it('the key format is the channel’s: a request key passes, a code or a bare id does not', async () => {
    expect(requestRules.wellFormed(KEY)).toBe(true);
    expect(requestRules.wellFormed(REQUEST_ID)).toBe(false);
    expect(requestRules.wellFormed(CODE)).toBe(false);
    expect(requestRules.wellFormed('request:not-a-uuid')).toBe(false);
    // And the other way round: a request key is never a well-formed code.
    expect(codeRules.wellFormed(KEY)).toBe(false);

    const w = world(undefined, BY_REQUEST);
    const malformed = new VerificationSession('request:42', w.deps);
    await malformed.start();
    expect(malformed.getSnapshot().phase).toBe('invalid');
    expect(w.deps.validate).not.toHaveBeenCalled();
  });

  it('takes and sends the three photos under its own key, never a code’s', async () => {
    const w = world(undefined, BY_REQUEST);
    // The same device holds a photo of a code link: the portal's session does not see or send it.
    await w.store.put({
      code: CODE,
      kind: 'selfie',
      buffer: photo(9).buffer,
      type: 'image/jpeg',
      width: 2000,
      height: 1500,
      capturedAt: Date.now(),
      uploaded: false,
    });
    const session = w.open();
    await session.start();
    expect(session.getSnapshot()).toMatchObject({ phase: 'ready', photos: {} });
    await addAll(session);
    expect((await w.store.list(KEY)).map((p) => p.kind).sort()).toEqual(['id_back', 'id_front', 'selfie']);

    await session.submit();
    expect(w.deps.upload).toHaveBeenCalledWith(expect.objectContaining({ key: KEY, kind: 'selfie' }));
    expect(session.getSnapshot().phase).toBe('complete');
    expect(await w.store.list(KEY)).toEqual([]);
    expect(await w.store.list(CODE)).toHaveLength(1);
  });

  it('offline: queued under the request key and sent when the connection returns, as on the code page', async () => {
    const w = world(undefined, BY_REQUEST);
    const session = w.open();
    await session.start();
    await addAll(session);
    w.net.online = false;
    await session.submit();
    expect(session.getSnapshot()).toMatchObject({ phase: 'ready', queued: true, notice: 'queued' });
    expect(await w.store.isQueued(KEY)).toBe(true);
    w.net.online = true;
    await session.resume();
    expect(session.getSnapshot().phase).toBe('complete');
    expect(w.uploads.sort()).toEqual(['id_back', 'id_front', 'selfie']);
  });

  it('a token refused at opening: signed out, and the device keeps the photos for after signing in', async () => {
    const w = world(undefined, BY_REQUEST);
    await w.store.put({
      code: KEY,
      kind: 'selfie',
      buffer: photo().buffer,
      type: 'image/jpeg',
      width: 2000,
      height: 1500,
      capturedAt: Date.now(),
      uploaded: false,
    });
    w.deps.validate = vi.fn(async () => {
      throw expired();
    });
    const session = w.open();
    await session.start();
    expect(session.getSnapshot().phase).toBe('signed-out');
    expect(await w.store.list(KEY)).toHaveLength(1);
  });

  it('a token refused during the upload: signed out, not the failure panel; the photos stay', async () => {
    const w = world(undefined, BY_REQUEST);
    const session = w.open();
    await session.start();
    await addAll(session);
    w.net.uploadFailure = (kind) => (kind === 'id_back' ? expired() : null);
    await session.submit();
    expect(session.getSnapshot()).toMatchObject({ phase: 'signed-out', failure: null });
    expect((await w.store.list(KEY)).map((p) => [p.kind, p.uploaded]).sort()).toEqual([
      ['id_back', false],
      ['id_front', true],
      ['selfie', true],
    ]);
  });

  it('a request that is not this shareholder’s, or no longer open (404): the invalid screen', async () => {
    const w = world(undefined, BY_REQUEST);
    w.deps.validate = vi.fn(async () => {
      throw serverError(404, 'NOT_FOUND', 'No transfer request needs identity documents.');
    });
    const session = w.open();
    await session.start();
    expect(session.getSnapshot().phase).toBe('invalid');
  });

  it('a failed status check says so in the spec’s portal words, not the server’s', async () => {
    const w = world(undefined, BY_REQUEST);
    w.deps.validate = vi.fn(async () => {
      throw serverError(500, 'INTERNAL_ERROR', 'Something broke');
    });
    const session = w.open();
    await session.start();
    expect(session.getSnapshot()).toMatchObject({ phase: 'load-error', loadError: REQUEST_PAGE_MESSAGES.statusFailed });
    expect(REQUEST_PAGE_MESSAGES.statusFailed.startsWith(VERIFICATION_MESSAGES.statusFailed)).toBe(true);

    const offline = world(undefined, BY_REQUEST);
    offline.net.online = false;
    const later = offline.open();
    await later.start();
    expect(later.getSnapshot()).toMatchObject({ phase: 'load-error', loadError: VERIFICATION_MESSAGES.networkError });
  });
});
