import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OnboardingSubmitBody } from '@ledgerwell/shared/issuer-onboarding';
import type { SubmittedApplication } from '@ledgerwell/shared/issuer-onboarding-rules';

/**
 * What the onboarding wizard keeps on the device (spec 3, "Local browser storage"): the draft and the
 * session token under the spec's keys, and an outbox of applications waiting for the network. One
 * IndexedDB database, or memory when IndexedDB cannot be opened (some private modes).
 */

/** The spec's key for the draft (spec 9). */
export const DRAFT_KEY = 'issuer_onboarding_draft';
/** The spec's key for the session token (spec 9). */
export const SESSION_KEY = 'issuerOnboardingSession';
/** An application the server accepted while no wizard was on screen: /issuer-portal shows its confirmation next. */
export const ACCEPTED_KEY = 'issuer_onboarding_accepted';
/** An application the server refused while no wizard was on screen: /issuer-portal shows the failure notice next. */
export const REJECTED_KEY = 'issuer_onboarding_rejected';

export type StorageKey = typeof DRAFT_KEY | typeof SESSION_KEY | typeof ACCEPTED_KEY | typeof REJECTED_KEY;

/** A submitted application waiting in the outbox: the exact body sent (a resend is the same request). */
export interface QueuedSubmission {
  onboardingId: string;
  body: OnboardingSubmitBody;
  application: SubmittedApplication;
  queuedAt: number;
}

export interface OnboardingStorage {
  /** False when it is memory only: nothing survives a reload. */
  readonly persistent: boolean;
  get(key: StorageKey): Promise<unknown>;
  put(key: StorageKey, value: unknown): Promise<void>;
  delete(key: StorageKey): Promise<void>;
  outbox: {
    put(item: QueuedSubmission): Promise<void>;
    /** Oldest first. */
    list(): Promise<QueuedSubmission[]>;
    delete(onboardingId: string): Promise<void>;
  };
}

export const ONBOARDING_DB_NAME = 'ledgerwell-onboarding';

interface OnboardingDb extends DBSchema {
  kv: { key: string; value: unknown };
  outbox: { key: string; value: QueuedSubmission };
}

export function createIdbStorage(dbName: string = ONBOARDING_DB_NAME): OnboardingStorage {
  let opening: Promise<IDBPDatabase<OnboardingDb>> | null = null;
  const db = () =>
    (opening ??= openDB<OnboardingDb>(dbName, 1, {
      upgrade(database) {
        database.createObjectStore('kv');
        database.createObjectStore('outbox', { keyPath: 'onboardingId' });
      },
    }));
  return {
    persistent: true,
    async get(key) {
      return (await db()).get('kv', key);
    },
    async put(key, value) {
      await (await db()).put('kv', value, key);
    },
    async delete(key) {
      await (await db()).delete('kv', key);
    },
    outbox: {
      async put(item) {
        await (await db()).put('outbox', item);
      },
      async list() {
        const items = await (await db()).getAll('outbox');
        return items.sort((a, b) => a.queuedAt - b.queuedAt);
      },
      async delete(onboardingId) {
        await (await db()).delete('outbox', onboardingId);
      },
    },
  };
}

export function createMemoryStorage(): OnboardingStorage {
  const values = new Map<string, unknown>();
  const outbox = new Map<string, QueuedSubmission>();
  // Copies, as IndexedDB's structured clone would make: a caller's later edits never reach the store.
  const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value));
  return {
    persistent: false,
    async get(key) {
      return copy(values.get(key));
    },
    async put(key, value) {
      values.set(key, copy(value));
    },
    async delete(key) {
      values.delete(key);
    },
    outbox: {
      async put(item) {
        outbox.set(item.onboardingId, copy(item));
      },
      async list() {
        return [...outbox.values()].map(copy).sort((a, b) => a.queuedAt - b.queuedAt);
      },
      async delete(onboardingId) {
        outbox.delete(onboardingId);
      },
    },
  };
}

let shared: Promise<OnboardingStorage> | null = null;

/**
 * The device's storage, opened once per page (the wizard and the outbox flush share it), or memory
 * when IndexedDB is missing or refuses to open.
 */
export function openOnboardingStorage(): Promise<OnboardingStorage> {
  return (shared ??= (async () => {
    if (typeof indexedDB === 'undefined') return createMemoryStorage();
    const storage = createIdbStorage();
    try {
      await storage.get(SESSION_KEY);
      return storage;
    } catch {
      return createMemoryStorage();
    }
  })());
}
