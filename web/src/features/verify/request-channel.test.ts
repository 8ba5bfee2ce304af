import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_MESSAGES, type VerificationState } from '@ledgerwell/shared/verification';
import { paths } from '../../config/paths';
import { requestChannel, requestKey } from './request-channel';

const REQUEST_ID = '6f1c1e0a-8a5e-4a6b-9d3c-2b7f0e4d5a10';
const TOKEN = 'portal-account-token-0123456789abcdef';
const STATE: VerificationState = {
  referenceNumber: 'TR-2025-000123',
  status: 'AWAITING_VERIFICATION',
  expiresAt: null,
  documents: { selfie: true, id_front: false, id_back: false },
  verificationComplete: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('requestChannel (the portal’s way in)', () => {
  it('checks the state with the portal’s call 8, by token and request id', async () => {
    const checkStatus = vi.fn(async () => STATE);
    const channel = requestChannel({ requestId: REQUEST_ID, token: TOKEN, checkStatus });
    expect(channel.key).toBe(requestKey(REQUEST_ID));
    await expect(channel.deps.validate(channel.key)).resolves.toEqual(STATE);
    expect(checkStatus).toHaveBeenCalledWith(TOKEN, REQUEST_ID);
  });

  it('uploads with call 6 variant A: bearer token, requestId, documentType, document, and no code', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ success: true, message: 'Document uploaded', data: { ...STATE, documentType: 'selfie' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const channel = requestChannel({ requestId: REQUEST_ID, token: TOKEN, checkStatus: vi.fn() });

    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await expect(channel.deps.upload({ key: channel.key, kind: 'selfie', photo })).resolves.toMatchObject({
      documents: STATE.documents,
    });

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/shareholder-portal/upload-verification');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    const form = init.body as FormData;
    expect(form.get('requestId')).toBe(REQUEST_ID);
    expect(form.get('documentType')).toBe('selfie');
    expect(form.get('document')).toBeInstanceOf(Blob);
    expect(form.has('verificationCode')).toBe(false);
    // The server refuses a photo sent before the fields it checks first.
    expect([...form.keys()]).toEqual(['documentType', 'requestId', 'document']);
  });

  it('speaks the portal: no desktop hand-off, Return to the portal, the spec’s upload failure heading', () => {
    const channel = requestChannel({ requestId: REQUEST_ID, token: TOKEN, checkStatus: vi.fn() });
    expect(channel.handoff).toBeNull();
    expect(channel.exit.to).toBe(paths.shareholderRequests);
    expect(channel.failureHeading).toBe(VERIFICATION_MESSAGES.uploadFailed);
  });
});
