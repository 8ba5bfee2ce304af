import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_FAILURES } from '@ledgerwell/shared/request-review';
import { failureMessageFor, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { fetchActivity } from './activity';
import { fetchDashboardStats } from './dashboard';
import {
  addRequestNote,
  changeRequestStatus,
  fetchRequest,
  fetchRequestImage,
  fetchRequests,
  flagRequest,
  reviewDocument,
  saveImageState,
  unflagRequest,
} from './requests';

const bare = (status: number) =>
  vi.fn(async () => new Response('<html>oops</html>', { status, statusText: 'Internal Server Error' }));
const serverError = (status: number, message: string) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ success: false, code: 'CONFLICT', message }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
const offline = () => vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));

describe('failureMessageFor (spec 8)', () => {
  it('prefers the server’s own message', () => {
    expect(
      failureMessageFor(
        { status: 409, serverMessage: 'Already approved' },
        { failureMessage: 'Failed to update request' },
      ),
    ).toBe('Already approved');
  });

  it('falls back to the call’s text on a non-OK answer without a message, then to the status line', () => {
    expect(
      failureMessageFor(
        { status: 500, statusText: 'Internal Server Error' },
        { failureMessage: 'Failed to fetch request' },
      ),
    ).toBe('Failed to fetch request');
    expect(failureMessageFor({ status: 502, serverMessage: '  ' }, { failureMessage: 'Failed to fetch request' })).toBe(
      'Failed to fetch request',
    );
    expect(failureMessageFor({ status: 502, statusText: 'Bad Gateway' })).toBe('Bad Gateway');
    expect(failureMessageFor({ status: 502 })).toBe('Request failed with status 502');
  });

  it('keeps the network text when no answer came', () => {
    expect(failureMessageFor({ status: 0 }, { failureMessage: 'Failed to fetch request' })).toBe(NETWORK_ERROR_MESSAGE);
    expect(failureMessageFor({ status: 0 }, { networkErrorMessage: 'Network error. Please try again.' })).toBe(
      'Network error. Please try again.',
    );
  });
});

const state = { rotation: 90, zoom: 1, x: 0, y: 0 };
const calls: [string, () => Promise<unknown>][] = [
  [REVIEW_FAILURES.fetchMetrics, () => fetchDashboardStats()],
  [REVIEW_FAILURES.fetchRequests, () => fetchRequests({ page: 1 })],
  [REVIEW_FAILURES.fetchRequest, () => fetchRequest('r-1')],
  [REVIEW_FAILURES.updateRequest, () => changeRequestStatus('r-1', 'approved', '')],
  [REVIEW_FAILURES.addNote, () => addRequestNote('r-1', 'Called the holder')],
  [REVIEW_FAILURES.fetchImage, () => fetchRequestImage('r-1', 'selfie')],
  [REVIEW_FAILURES.updateImageState, () => saveImageState('r-1', 'selfie', state)],
  [REVIEW_FAILURES.flagRequest, () => flagRequest('r-1', { reason: 'Check', priority: 'HIGH' })],
  [REVIEW_FAILURES.unflagRequest, () => unflagRequest('r-1')],
  [
    REVIEW_FAILURES.fetchActivity,
    () => fetchActivity({ adminUsername: '', resourceType: '', actionType: '', page: 1 }),
  ],
  [REVIEW_FAILURES.approveDocument, () => reviewDocument('r-1', 'd-1', { status: 'APPROVED' })],
  [
    REVIEW_FAILURES.rejectDocument,
    () => reviewDocument('r-1', 'd-1', { status: 'REJECTED', rejectionReason: 'Blurred' }),
  ],
];

describe('the admin calls’ failures', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has the spec’s texts', () => {
    expect(Object.values(REVIEW_FAILURES)).toEqual([
      'Failed to fetch metrics',
      'Failed to fetch requests',
      'Failed to fetch request',
      'Failed to update request',
      'Failed to add note',
      'Failed to fetch image',
      'Failed to update image state',
      'Failed to flag request',
      'Failed to unflag request',
      'Failed to fetch admin activity',
      'Failed to approve document',
      'Failed to reject document',
    ]);
  });

  it.each(calls)('throws “%s” on a non-OK answer without a server message', async (text, call) => {
    vi.stubGlobal('fetch', bare(500));
    await expect(call()).rejects.toMatchObject({ status: 500, code: 'BAD_RESPONSE', message: text, fromServer: false });
  });

  it.each(calls)('keeps the server’s message over “%s”', async (_text, call) => {
    vi.stubGlobal('fetch', serverError(409, 'The request changed meanwhile'));
    await expect(call()).rejects.toMatchObject({
      status: 409,
      message: 'The request changed meanwhile',
      fromServer: true,
    });
  });

  it.each(calls)('keeps the network text over “%s”', async (_text, call) => {
    vi.stubGlobal('fetch', offline());
    await expect(call()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  });
});
