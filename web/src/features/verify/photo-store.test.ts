import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { DocumentType } from '@ledgerwell/shared/verification';
import {
  createIdbPhotoStore,
  createMemoryPhotoStore,
  photoKey,
  type PhotoStore,
  type StoredPhoto,
} from './photo-store';

let dbCount = 0;

function photo(
  code: string,
  kind: DocumentType,
  bytes: number[] = [0xff, 0xd8, 1, 2, 3],
  capturedAt = 1_000,
): StoredPhoto {
  return {
    code,
    kind,
    buffer: new Uint8Array(bytes).buffer,
    type: 'image/jpeg',
    width: 2000,
    height: 1500,
    capturedAt,
    uploaded: false,
  };
}

const stores: [string, () => PhotoStore][] = [
  ['IndexedDB', () => createIdbPhotoStore(`test-verification-${++dbCount}`)],
  ['memory', () => createMemoryPhotoStore()],
];

describe.each(stores)('photo store (%s)', (_name, create) => {
  it('keys photos by code and kind', () => {
    expect(photoKey('BRAVE1234TIGER5678', 'id_front')).toBe('BRAVE1234TIGER5678:id_front');
  });

  it('puts and gets a photo, its ArrayBuffer intact', async () => {
    const store = create();
    await store.put(photo('CODE1', 'selfie', [0xff, 0xd8, 9, 8, 7, 6]));
    const read = await store.get('CODE1', 'selfie');
    expect(read?.buffer).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(read!.buffer)]).toEqual([0xff, 0xd8, 9, 8, 7, 6]);
    expect(read).toMatchObject({
      code: 'CODE1',
      kind: 'selfie',
      type: 'image/jpeg',
      width: 2000,
      height: 1500,
      uploaded: false,
    });
    expect(await store.get('CODE1', 'id_back')).toBeUndefined();
  });

  it('lists one code’s photos only, and a retake replaces the photo', async () => {
    const store = create();
    await store.put(photo('CODE1', 'selfie'));
    await store.put(photo('CODE1', 'id_front'));
    await store.put(photo('CODE2', 'selfie'));
    await store.put(photo('CODE1', 'selfie', [0xff, 0xd8, 42]));
    const list = await store.list('CODE1');
    expect(list.map((p) => p.kind).sort()).toEqual(['id_front', 'selfie']);
    expect([...new Uint8Array(list.find((p) => p.kind === 'selfie')!.buffer)]).toEqual([0xff, 0xd8, 42]);
  });

  it('marks a photo uploaded, removes one, clears a code with its queued flag', async () => {
    const store = create();
    await store.put(photo('CODE1', 'selfie'));
    await store.put(photo('CODE1', 'id_front'));
    await store.put(photo('CODE2', 'id_back'));
    await store.markUploaded('CODE1', 'selfie');
    expect((await store.get('CODE1', 'selfie'))?.uploaded).toBe(true);
    await store.markUploaded('CODE1', 'id_back');
    expect(await store.get('CODE1', 'id_back')).toBeUndefined();

    await store.remove('CODE1', 'id_front');
    expect((await store.list('CODE1')).map((p) => p.kind)).toEqual(['selfie']);

    await store.setQueued('CODE1', true);
    expect(await store.isQueued('CODE1')).toBe(true);
    expect(await store.isQueued('CODE2')).toBe(false);
    await store.clear('CODE1');
    expect(await store.list('CODE1')).toEqual([]);
    expect(await store.isQueued('CODE1')).toBe(false);
    expect(await store.list('CODE2')).toHaveLength(1);
  });

  it('unqueues a set', async () => {
    const store = create();
    await store.setQueued('CODE1', true);
    await store.setQueued('CODE1', false);
    expect(await store.isQueued('CODE1')).toBe(false);
  });

  it('prunes photos older than the cutoff', async () => {
    const store = create();
    await store.put(photo('OLD', 'selfie', undefined, 100));
    await store.put(photo('OLD', 'id_front', undefined, 200));
    await store.put(photo('NEW', 'selfie', undefined, 5_000));
    expect(await store.pruneOlderThan(1_000)).toBe(2);
    expect(await store.list('OLD')).toEqual([]);
    expect(await store.list('NEW')).toHaveLength(1);
  });
});

describe('IndexedDB photo store', () => {
  it('keeps the photos across connections (a reload)', async () => {
    const name = `test-verification-${++dbCount}`;
    await createIdbPhotoStore(name).put(photo('CODE1', 'id_back', [0xff, 0xd8, 5]));
    const reopened = createIdbPhotoStore(name);
    const read = await reopened.get('CODE1', 'id_back');
    expect([...new Uint8Array(read!.buffer)]).toEqual([0xff, 0xd8, 5]);
  });
});
