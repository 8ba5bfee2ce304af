import {
  DOCUMENT_TYPES,
  FILE_MESSAGES,
  type DocumentsState,
  type DocumentType,
  type VerificationState,
} from '@ledgerwell/shared/verification';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { askPersistentStorage, type PhotoStore, type StoredPhoto } from './photo-store';
import {
  challengeIn,
  classifyUploadError,
  planSubmission,
  shouldSendQueued,
  summariseUploads,
  type FailureLine,
  type LocalPhotos,
  type UploadResult,
} from './sync';

/**
 * One verification's page, outside React: checks its key, keeps the photos (on the device first,
 * then on the server), sends them, and queues them while offline. The key is a verification code
 * (the e-mailed link) or `request:<id>` (the signed-in portal); how a key is checked and sent is the
 * caller's (SessionDeps). The route renders its snapshots (useSyncExternalStore); tests drive it with
 * a memory store and a fake API.
 */

/** 'signed-out': the portal's token was refused (401): the shareholder must sign in again. */
export type Phase = 'validating' | 'invalid' | 'signed-out' | 'load-error' | 'ready' | 'uploading' | 'complete';

export interface PhotoView {
  kind: DocumentType;
  /** An object URL of the stored JPEG, for <img>. */
  url: string;
  width: number;
  height: number;
  uploaded: boolean;
}

export interface SessionState {
  phase: Phase;
  loadError: string | null;
  /** What the server last said; null while unknown (offline since the page opened). */
  server: VerificationState | null;
  photos: Partial<Record<DocumentType, PhotoView>>;
  /** Photos wait on the device for the connection to come back. */
  queued: boolean;
  /** No answer from the server: 'queued' after a submit, 'offline' when the page opened without one. */
  notice: 'queued' | 'offline' | null;
  failure: FailureLine[] | null;
  submitError: string | null;
  /** False when the photos cannot be kept on the device (no IndexedDB): they last as long as the page. */
  persistent: boolean;
  /**
   * Past the address's limit of failed codes the server asks for a proof of work (429
   * CHALLENGE_REQUIRED): the page solves it (solveChallenge) and the waiting call goes again with it.
   */
  challenge: Challenge | null;
}

/** Why the first check failed, for the load-error screen's words. */
export interface LoadFailure {
  /** No answer at all (offline, or the connection dropped). */
  network: boolean;
  /** The server's own message, when it sent one. */
  serverMessage: string | null;
}

export interface SessionDeps {
  /** The key's own format (a code's letters and digits, a request id): a malformed key is invalid without a call. */
  wellFormed(key: string): boolean;
  openStore(): Promise<{ store: PhotoStore; persistent: boolean }>;
  /**
   * Where the verification stands; the errors of a refused key are 404 or 400 (invalid) and 401
   * (signed out). `proof`: a solved proof of work, sent once, after a 429 CHALLENGE_REQUIRED.
   */
  validate(key: string, proof?: string): Promise<VerificationState>;
  upload(input: {
    key: string;
    kind: DocumentType;
    photo: Blob;
    proof?: string | undefined;
  }): Promise<VerificationState>;
  /** What the load-error screen says: each way in words it differently (the portal with the spec's status messages). */
  loadErrorMessage(failure: LoadFailure): string;
  isOnline(): boolean;
  now(): number;
  createUrl(blob: Blob): string;
  revokeUrl(url: string): void;
}

export interface NewPhoto {
  buffer: ArrayBuffer;
  width: number;
  height: number;
}

/** A code lives 24 hours: a photo taken longer ago belongs to an expired code (or a stale portal visit). */
export const PHOTO_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const INITIAL: SessionState = {
  phase: 'validating',
  loadError: null,
  server: null,
  photos: {},
  queued: false,
  notice: null,
  failure: null,
  submitError: null,
  persistent: true,
  challenge: null,
};

/** What waits for the proof of work: the check of the key, or the sending of the photos. */
type Challenged = 'load' | 'submit';

function errorFacts(error: unknown): { status: number; fromServer: boolean; isNetworkError: boolean; message: string } {
  const facts = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    status: typeof facts.status === 'number' ? facts.status : 0,
    fromServer: facts.fromServer === true,
    isNetworkError: facts.isNetworkError === true,
    message: typeof facts.message === 'string' ? facts.message : '',
  };
}

export class VerificationSession {
  private state: SessionState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private records: Partial<Record<DocumentType, StoredPhoto>> = {};
  private store: PhotoStore | null = null;
  /** Bumped by start() and stop(): answers of an older run are dropped. */
  private generation = 0;
  private sending = false;
  /**
   * The address is past its limit: every call by code needs a proof of its own (each works once), so
   * photos go one at a time, each after its own challenge, and no photo is sent only to be refused.
   */
  private challenged = false;
  /** A solved payload not yet sent: the next call carries it. */
  private proof: string | undefined;
  /** The call that waits for the challenge shown (state.challenge). */
  private waiting: Challenged | null = null;

  constructor(
    /** The verification code or `request:<id>`: also the photos' key on the device, so two ways in never share photos. */
    readonly key: string,
    private readonly deps: SessionDeps,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionState => this.state;

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private localStates(): LocalPhotos {
    const local: LocalPhotos = {};
    for (const kind of DOCUMENT_TYPES) {
      const record = this.records[kind];
      if (record) local[kind] = { uploaded: record.uploaded };
    }
    return local;
  }

  private view(record: StoredPhoto): PhotoView {
    const url = this.deps.createUrl(new Blob([record.buffer], { type: record.type }));
    return { kind: record.kind, url, width: record.width, height: record.height, uploaded: record.uploaded };
  }

  private replaceView(kind: DocumentType, view: PhotoView | undefined): void {
    const old = this.state.photos[kind];
    if (old && old.url !== view?.url) this.deps.revokeUrl(old.url);
    const photos = { ...this.state.photos };
    if (view) photos[kind] = view;
    else delete photos[kind];
    this.set({ photos });
  }

  private revokeAll(): void {
    for (const view of Object.values(this.state.photos)) if (view) this.deps.revokeUrl(view.url);
  }

  /** Opens the key: the device's photos first, then the server's answer. */
  async start(): Promise<void> {
    const generation = ++this.generation;
    this.records = {};
    this.challenged = false;
    this.proof = undefined;
    this.waiting = null;
    this.set({ ...INITIAL, persistent: this.state.persistent });
    if (!this.deps.wellFormed(this.key)) {
      this.set({ phase: 'invalid' });
      return;
    }
    const { store, persistent } = await this.deps.openStore();
    if (generation !== this.generation) return;
    this.store = store;
    let stored: StoredPhoto[] = [];
    let queued = false;
    try {
      await store.pruneOlderThan(this.deps.now() - PHOTO_MAX_AGE_MS);
      [stored, queued] = await Promise.all([store.list(this.key), store.isQueued(this.key)]);
    } catch {
      // An unreadable store is an empty one; new photos are still kept in memory.
    }
    if (generation !== this.generation) return;
    const photos: SessionState['photos'] = {};
    for (const record of stored) {
      this.records[record.kind] = record;
      photos[record.kind] = this.view(record);
    }
    this.set({ photos, queued, persistent });
    await this.load(generation);
  }

  /** The page is going away (or React is remounting it): forget the object URLs, drop late answers. */
  stop(): void {
    this.generation++;
    this.revokeAll();
    this.state = { ...this.state, photos: {} };
  }

  /** The connection is back: a queued set is checked against the server and sent. */
  async resume(): Promise<void> {
    // A challenge on screen sends its call when solved; starting another would only fetch a new one.
    if (this.sending || this.state.challenge) return;
    const waiting = this.state.phase === 'ready' && (this.state.queued || this.state.notice !== null);
    if (waiting || this.state.phase === 'load-error') await this.load(this.generation);
  }

  /** The page solved the challenge: the call that waited for it goes again, with the payload. */
  async solveChallenge(payload: string): Promise<void> {
    const waiting = this.waiting;
    if (!this.state.challenge || !waiting) return;
    this.waiting = null;
    this.proof = payload;
    this.set({ challenge: null });
    if (waiting === 'load') await this.load();
    else await this.send();
  }

  /** The page could not solve it (or it expired): the call can be tried again, for a fresh challenge. */
  challengeFailed(): void {
    const waiting = this.waiting;
    if (!this.state.challenge || !waiting) return;
    this.waiting = null;
    if (this.state.phase === 'validating')
      this.set({ challenge: null, phase: 'load-error', loadError: CHALLENGE_MESSAGES.failed });
    else this.set({ challenge: null, phase: 'ready', submitError: CHALLENGE_MESSAGES.failed });
  }

  private ask(challenge: Challenge, waiting: Challenged): void {
    this.challenged = true;
    this.waiting = waiting;
    // The load error screen has no place for it (resume() checks again from there): back to the spinner.
    this.set(this.state.phase === 'load-error' ? { challenge, phase: 'validating', loadError: null } : { challenge });
  }

  /** The payload for the next call, once. */
  private takeProof(): string | undefined {
    const proof = this.proof;
    this.proof = undefined;
    return proof;
  }

  /** Try Again on the load error screen. */
  async retry(): Promise<void> {
    this.set({ phase: 'validating', loadError: null });
    await this.load(this.generation);
  }

  /** Asks the server for the key's state, then sends a queued set. */
  async load(generation: number = this.generation): Promise<void> {
    let server: VerificationState;
    const proof = this.takeProof();
    try {
      server = await this.deps.validate(this.key, proof);
    } catch (error) {
      if (generation !== this.generation) return;
      const facts = errorFacts(error);
      const challenge = challengeIn(error);
      if (challenge) {
        // Still 'validating' (or 'ready' with the device's photos): the check goes again once solved.
        this.ask(challenge, 'load');
      } else if ((facts.status === 404 || facts.status === 400) && facts.fromServer) {
        await this.forget();
        this.set({ phase: 'invalid' });
      } else if (facts.status === 401 && facts.fromServer) {
        // The photos stay on the device: after signing in again they are still there to send.
        this.set({ phase: 'signed-out' });
      } else if (facts.isNetworkError || !this.deps.isOnline()) {
        if (Object.keys(this.records).length > 0)
          this.set({ phase: 'ready', notice: this.state.queued ? 'queued' : 'offline' });
        else
          this.set({
            phase: 'load-error',
            loadError: this.deps.loadErrorMessage({ network: true, serverMessage: null }),
          });
      } else {
        const serverMessage = facts.fromServer && facts.message ? facts.message : null;
        this.set({ phase: 'load-error', loadError: this.deps.loadErrorMessage({ network: false, serverMessage }) });
      }
      return;
    }
    if (generation !== this.generation) return;
    // Let through without a proof: the address is no longer past its limit.
    if (proof === undefined) this.challenged = false;
    if (server.verificationComplete) {
      await this.finish(server);
      return;
    }
    this.set({ phase: 'ready', server, loadError: null, notice: null });
    const plan = planSubmission(this.localStates(), server.documents);
    if (shouldSendQueued({ queued: this.state.queued, online: this.deps.isOnline(), plan })) await this.submit();
  }

  /** A checked, compressed photo: kept on the device at once, then shown. */
  async addPhoto(kind: DocumentType, photo: NewPhoto): Promise<void> {
    const record: StoredPhoto = {
      code: this.key,
      kind,
      buffer: photo.buffer,
      type: 'image/jpeg',
      width: photo.width,
      height: photo.height,
      capturedAt: this.deps.now(),
      uploaded: false,
    };
    this.records[kind] = record;
    let persistent = this.state.persistent;
    try {
      if (!this.store) throw new Error('no store');
      await this.store.put(record);
      askPersistentStorage();
    } catch {
      persistent = false;
    }
    this.set({ persistent, submitError: null });
    this.replaceView(kind, this.view(record));
  }

  /** Submit (and Try Again): the photos the server does not hold yet, in parallel. */
  async submit(): Promise<void> {
    if (this.sending || this.state.phase === 'uploading' || this.state.challenge) return;
    await this.send();
  }

  /** Submit's work; also the set going again once a challenge is solved. */
  private async send(): Promise<void> {
    const server = this.state.server?.documents ?? null;
    const plan = planSubmission(this.localStates(), server);
    if (plan.missing.length > 0) {
      this.set({ submitError: FILE_MESSAGES.missingPhotos });
      return;
    }
    if (plan.send.length === 0) {
      // The server holds all three (sent from another tab, say): its answer decides.
      await this.load();
      return;
    }
    if (!this.deps.isOnline()) {
      await this.queue();
      return;
    }
    if (!this.state.server) {
      // Opened offline: the key has not been checked yet. Check it, then send (as a queued set).
      await this.store?.setQueued(this.key, true).catch(() => undefined);
      this.set({ queued: true });
      await this.load();
      return;
    }
    const generation = this.generation;
    this.sending = true;
    this.set({ phase: 'uploading', failure: null, submitError: null, notice: null });
    let results: UploadResult[];
    try {
      results = this.challenged
        ? await this.uploadInTurn(plan.send)
        : await Promise.all(plan.send.map((kind) => this.uploadOne(kind)));
    } finally {
      this.sending = false;
    }
    if (generation !== this.generation) return;
    const outcome = summariseUploads(results, server);
    switch (outcome.outcome) {
      case 'complete':
        await this.finish(this.state.server);
        return;
      case 'confirm': {
        const current = this.state.server;
        const merged = current ? { ...current, documents: outcome.documents } : null;
        if (DOCUMENT_TYPES.every((kind) => outcome.documents[kind])) await this.finish(merged);
        else this.set({ phase: 'ready', server: merged });
        return;
      }
      case 'queued':
        await this.queue();
        return;
      case 'invalid-code':
        await this.forget();
        this.set({ phase: 'invalid' });
        return;
      case 'signed-out':
        this.set({ phase: 'signed-out' });
        return;
      case 'challenge':
        // Not a failure: the photos stay on the device and queued (a reload sends them too), the
        // spinner stays, and the set goes again with the payload once the page has solved it.
        await this.store?.setQueued(this.key, true).catch(() => undefined);
        this.set({ queued: true });
        this.ask(outcome.challenge, 'submit');
        return;
      case 'not-accepting':
        // Another device may have completed it; otherwise the request no longer waits for photos.
        try {
          const state = await this.deps.validate(this.key);
          if (state.verificationComplete) {
            await this.finish(state);
            return;
          }
        } catch {
          // Fall through to the panel.
        }
        this.set({ phase: 'ready', failure: [{ kind: plan.send[0]!, text: outcome.message }] });
        return;
      case 'failed':
        await this.store?.setQueued(this.key, false).catch(() => undefined);
        this.set({ phase: 'ready', failure: outcome.lines, queued: false });
        return;
    }
  }

  /**
   * Past the limit: one photo at a time, each with a proof of its own. The challenge for the next
   * photo is asked for with the code check (a few bytes), not with the photo the server would refuse.
   * Stops at the first photo that does not go through.
   */
  private async uploadInTurn(kinds: DocumentType[]): Promise<UploadResult[]> {
    const results: UploadResult[] = [];
    for (const kind of kinds) {
      const proof = this.takeProof();
      if (proof === undefined && this.challenged) {
        try {
          await this.deps.validate(this.key);
          // Let through without a proof: the address is no longer past its limit.
          this.challenged = false;
        } catch (error) {
          results.push({ kind, ok: false, failure: classifyUploadError(error, this.deps.isOnline()) });
          break;
        }
      }
      const result = await this.uploadOne(kind, proof);
      results.push(result);
      if (!result.ok) break;
    }
    return results;
  }

  private async uploadOne(kind: DocumentType, proof?: string): Promise<UploadResult> {
    const record = this.records[kind]!;
    try {
      const state = await this.deps.upload({
        key: this.key,
        kind,
        photo: new Blob([record.buffer], { type: record.type }),
        proof,
      });
      // Kept until all three are in: the panel and a reload still show it; it is not sent again.
      this.records[kind] = { ...record, uploaded: true };
      await this.store?.markUploaded(this.key, kind).catch(() => undefined);
      const view = this.state.photos[kind];
      if (view) this.replaceView(kind, { ...view, uploaded: true });
      this.mergeServer(state, kind);
      return { kind, ok: true, verificationComplete: state.verificationComplete, documents: state.documents };
    } catch (error) {
      return { kind, ok: false, failure: classifyUploadError(error, this.deps.isOnline()) };
    }
  }

  private mergeServer(state: VerificationState, kind: DocumentType): void {
    const previous = this.state.server?.documents;
    const documents: DocumentsState = { ...state.documents };
    if (previous) for (const k of DOCUMENT_TYPES) documents[k] ||= previous[k];
    documents[kind] = true;
    this.set({ server: { ...state, documents } });
  }

  private async queue(): Promise<void> {
    await this.store?.setQueued(this.key, true).catch(() => undefined);
    this.set({ phase: 'ready', queued: true, notice: 'queued', failure: null });
  }

  /** The server has everything: the device keeps nothing. */
  private async finish(server: VerificationState | null): Promise<void> {
    await this.forget();
    this.set({ phase: 'complete', server, queued: false, notice: null, failure: null });
  }

  private async forget(): Promise<void> {
    this.records = {};
    await this.store?.clear(this.key).catch(() => undefined);
    this.revokeAll();
    this.set({ photos: {}, queued: false });
  }
}
