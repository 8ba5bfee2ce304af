import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VerificationState } from '@ledgerwell/shared/verification';
import { uploadVerificationPhoto, validateVerificationCode } from './api';

const STATE: VerificationState = {
  referenceNumber: 'TR-2025-000123',
  status: 'AWAITING_VERIFICATION',
  expiresAt: null,
  documents: { selfie: true, id_front: false, id_back: false },
  verificationComplete: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('uploadVerificationPhoto (call 6 variant B, by code)', () => {
  it('sends the code and the kind before the photo: the server checks the code first and refuses a photo sent ahead of it', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ success: true, message: 'Document uploaded', data: { ...STATE, documentType: 'selfie' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await uploadVerificationPhoto({ code: 'MAPLE1234RIVER5678', kind: 'selfie', photo });

    const form = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect([...form.keys()]).toEqual(['documentType', 'verificationCode', 'document']);
    expect(form.get('verificationCode')).toBe('MAPLE1234RIVER5678');
  });

  it('a solved proof of work rides as the altcha text field, still before the photo', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ success: true, message: 'Document uploaded', data: { ...STATE, documentType: 'selfie' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await uploadVerificationPhoto({ code: 'MAPLE1234RIVER5678', kind: 'selfie', photo, altcha: 'c29sdmVk' });

    const form = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect([...form.keys()]).toEqual(['documentType', 'verificationCode', 'altcha', 'document']);
    expect(form.get('altcha')).toBe('c29sdmVk');
  });
});

describe('validateVerificationCode (call 7)', () => {
  it('sends the solved proof of work with the code when it has one, and nothing more without', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ success: true, message: 'Verification code accepted', data: STATE }),
    );
    vi.stubGlobal('fetch', fetch);
    await validateVerificationCode('MAPLE1234RIVER5678');
    await validateVerificationCode('MAPLE1234RIVER5678', { altcha: 'c29sdmVk' });
    const bodies = fetch.mock.calls.map((call) =>
      JSON.parse((call as unknown as [string, RequestInit])[1].body as string),
    );
    expect(bodies).toEqual([{ code: 'MAPLE1234RIVER5678' }, { code: 'MAPLE1234RIVER5678', altcha: 'c29sdmVk' }]);
  });
});
