import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DocumentType } from '@ledgerwell/shared/verification';

/**
 * The photos of a verification, kept on the device until the server has all three: a reload, a closed
 * tab or a lost connection loses nothing.
 */
export interface StoredPhoto {
  /**
   * The session's key: the verification code (upper case) or `request:<id>` (the portal). Still named
   * `code`: it is the IndexedDB index on devices that already hold photos.
   */
  code: string;
  kind: DocumentType;
  // Safari cannot store Blobs in IndexedDB reliably (dexie 1227, 1919; localForage 834): keep ArrayBuffer + type.
  buffer: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
  capturedAt: number;
  /** The server answered 200 for this photo; it stays until all three are in, then the set is cleared. */
  uploaded: boolean;
}

export interface PhotoStore {
  put(photo: StoredPhoto): Promise<void>;
  get(code: string, kind: DocumentType): Promise<StoredPhoto | undefined>;
  list(code: string): Promise<StoredPhoto[]>;
  markUploaded(code: string, kind: DocumentType): Promise<void>;
  remove(code: string, kind: DocumentType): Promise<void>;
  /** The code's photos and its queued flag. */
  clear(code: string): Promise<void>;
  /** A set waiting for the connection to come back, sent when it does or when the page next opens. */
  setQueued(code: string, queued: boolean): Promise<void>;
  isQueued(code: string): Promise<boolean>;
  /** Removes every code's photos taken before `cutoff` (codes live 24 hours): returns how many. */
  pruneOlderThan(cutoff: number): Promise<number>;
}

export const PHOTO_DB_NAME = 'ledgerwell-verification';

export function photoKey(code: string, kind: DocumentType): string {
  return `${code}:${kind}`;
}

interface VerificationDb extends DBSchema {
  photos: { key: string; value: StoredPhoto; indexes: { code: string } };
  queue: { key: string; value: { code: string; queuedAt: number } };
}

export function createIdbPhotoStore(dbName: string = PHOTO_DB_NAME): PhotoStore {
  let opening: Promise<IDBPDatabase<VerificationDb>> | null = null;
  const db = () =>
    (opening ??= openDB<VerificationDb>(dbName, 1, {
      upgrade(database) {
        database.createObjectStore('photos').createIndex('code', 'code');
        database.createObjectStore('queue', { keyPath: 'code' });
      },
    }));

  return {
    async put(photo) {
      await (await db()).put('photos', photo, photoKey(photo.code, photo.kind));
    },
    async get(code, kind) {
      return (await db()).get('photos', photoKey(code, kind));
    },
    async list(code) {
      return (await db()).getAllFromIndex('photos', 'code', code);
    },
    async markUploaded(code, kind) {
      const tx = (await db()).transaction('photos', 'readwrite');
      const photo = await tx.store.get(photoKey(code, kind));
      if (photo) await tx.store.put({ ...photo, uploaded: true }, photoKey(code, kind));
      await tx.done;
    },
    async remove(code, kind) {
      await (await db()).delete('photos', photoKey(code, kind));
    },
    async clear(code) {
      const tx = (await db()).transaction(['photos', 'queue'], 'readwrite');
      const photos = tx.objectStore('photos');
      for (const key of await photos.index('code').getAllKeys(code)) await photos.delete(key);
      await tx.objectStore('queue').delete(code);
      await tx.done;
    },
    async setQueued(code, queued) {
      const database = await db();
      if (queued) await database.put('queue', { code, queuedAt: Date.now() });
      else await database.delete('queue', code);
    },
    async isQueued(code) {
      return (await (await db()).get('queue', code)) !== undefined;
    },
    async pruneOlderThan(cutoff) {
      const tx = (await db()).transaction(['photos', 'queue'], 'readwrite');
      const photos = tx.objectStore('photos');
      let removed = 0;
      const codes = new Set<string>();
      let cursor = await photos.openCursor();
      while (cursor) {
        if (cursor.value.capturedAt < cutoff) {
          codes.add(cursor.value.code);
          await cursor.delete();
          removed++;
        }
        cursor = await cursor.continue();
      }
      for (const code of codes) {
        if ((await photos.index('code').count(code)) === 0) await tx.objectStore('queue').delete(code);
      }
      await tx.done;
      return removed;
    },
  };
}

/** For browsers without IndexedDB (or with it blocked): the photos live as long as the page. */
export function createMemoryPhotoStore(): PhotoStore {
  const photos = new Map<string, StoredPhoto>();
  const queued = new Set<string>();
  return {
    async put(photo) {
      photos.set(photoKey(photo.code, photo.kind), photo);
    },
    async get(code, kind) {
      return photos.get(photoKey(code, kind));
    },
    async list(code) {
      return [...photos.values()].filter((photo) => photo.code === code);
    },
    async markUploaded(code, kind) {
      const photo = photos.get(photoKey(code, kind));
      if (photo) photos.set(photoKey(code, kind), { ...photo, uploaded: true });
    },
    async remove(code, kind) {
      photos.delete(photoKey(code, kind));
    },
    async clear(code) {
      for (const [key, photo] of photos) if (photo.code === code) photos.delete(key);
      queued.delete(code);
    },
    async setQueued(code, value) {
      if (value) queued.add(code);
      else queued.delete(code);
    },
    async isQueued(code) {
      return queued.has(code);
    },
    async pruneOlderThan(cutoff) {
      let removed = 0;
      for (const [key, photo] of photos) {
        if (photo.capturedAt < cutoff) {
          photos.delete(key);
          removed++;
        }
      }
      return removed;
    },
  };
}

/**
 * The device's store, or the in-memory one when IndexedDB cannot be opened (some private modes):
 * `persistent` tells the page to warn that photos will not survive a reload.
 */
export async function openPhotoStore(): Promise<{ store: PhotoStore; persistent: boolean }> {
  if (typeof indexedDB === 'undefined') return { store: createMemoryPhotoStore(), persistent: false };
  const store = createIdbPhotoStore();
  try {
    await store.isQueued('');
    return { store, persistent: true };
  } catch {
    return { store: createMemoryPhotoStore(), persistent: false };
  }
}

let persistAsked = false;

/** Asks once per page that the browser keep our storage under pressure (drafts and photos). */
export function askPersistentStorage(): void {
  if (persistAsked || typeof navigator === 'undefined') return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}
