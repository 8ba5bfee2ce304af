import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import {
  isOnboardingId,
  onboardingSubmitBodySchema,
  type OnboardingSubmitBody,
} from '@ledgerwell/shared/issuer-onboarding';
import { sampleOnboardingForm, TINY_PNG_DATA_URL } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { loadDraft, saveDraft } from './draft-store';
import { ACCEPTED_KEY, createIdbStorage, createMemoryStorage, REJECTED_KEY, type OnboardingStorage } from './storage';
import {
  buildSubmission,
  dequeue,
  enqueue,
  flushOutbox,
  onOutboxEvent,
  forgetAccepted,
  readAccepted,
  takeRejected,
  type OutboxEvent,
  type SendOutcome,
} from './submit-queue';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const NOW = new Date('2026-03-04T15:16:17.000Z');
const random = (seed: number) => new Uint8Array(12).fill(seed);

let dbCount = 0;
const stores: [string, () => OnboardingStorage][] = [
  ['IndexedDB', () => createIdbStorage(`test-onboarding-queue-${++dbCount}`)],
  ['memory', () => createMemoryStorage()],
];

/** A sender that answers from a script, and records what it was given. */
function scripted(...outcomes: SendOutcome[]) {
  const sent: OnboardingSubmitBody[] = [];
  const send = vi.fn(async (body: OnboardingSubmitBody) => {
    sent.push(body);
    return outcomes.shift() ?? { kind: 'network' as const };
  });
  return { send, sent };
}

describe('buildSubmission', () => {
  it('makes the spec 7.2 body the server schema accepts, with the trimmed form, onboardingId, submittedAt and signatureDate', () => {
    const form = { ...sampleOnboardingForm(), company_name: '  Acme Robotics, Inc.  ', comments: '  Call after 10.  ' };
    const item = buildSubmission(form, TOKEN, NOW, random(7));
    expect(isOnboardingId(item.onboardingId)).toBe(true);
    expect(item.onboardingId.startsWith(`issuer_${NOW.getTime()}_`)).toBe(true);
    expect(item.body).toMatchObject({
      session_token: TOKEN,
      signature_data: TINY_PNG_DATA_URL,
      agreement_accepted: true,
      submission_notes: 'Call after 10.',
    });
    expect(item.application).toMatchObject({
      company_name: 'Acme Robotics, Inc.',
      onboardingId: item.onboardingId,
      submittedAt: NOW.toISOString(),
      signatureDate: NOW.toISOString(),
    });
    expect(item.application.signature_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(item.body.final_application_data).toEqual(item.application);
    expect(item.queuedAt).toBe(NOW.getTime());
    const parsed = onboardingSubmitBodySchema.safeParse(item.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('refuses an unsigned form', () => {
    expect(() => buildSubmission({ ...sampleOnboardingForm(), signatureData: null }, TOKEN, NOW)).toThrow();
  });
});

describe.each(stores)('submit queue (%s)', (_name, create) => {
  it('keeps an application before anything is sent, oldest first', async () => {
    const storage = create();
    const later = buildSubmission(sampleOnboardingForm(), TOKEN, new Date(NOW.getTime() + 1000), random(2));
    const first = buildSubmission(sampleOnboardingForm(), TOKEN, NOW, random(1));
    await enqueue(storage, later);
    await enqueue(storage, first);
    expect((await storage.outbox.list()).map((item) => item.onboardingId)).toEqual([
      first.onboardingId,
      later.onboardingId,
    ]);
    await dequeue(storage, first.onboardingId);
    expect((await storage.outbox.list()).map((item) => item.onboardingId)).toEqual([later.onboardingId]);
  });

  it('on success: sends the stored body, removes it, clears the draft and keeps the accepted application for the wizard', async () => {
    const storage = create();
    await saveDraft(storage, 3, sampleOnboardingForm());
    const item = buildSubmission(sampleOnboardingForm(), TOKEN, NOW, random(3));
    await enqueue(storage, item);
    const { send, sent } = scripted({ kind: 'accepted' });
    const events = await flushOutbox(storage, send, () => NOW);
    expect(events.map((event) => event.kind)).toEqual(['accepted']);
    expect(sent).toEqual([item.body]);
    expect(await storage.outbox.list()).toEqual([]);
    expect(await loadDraft(storage)).toEqual({ status: 'none' });
    expect(await readAccepted(storage, 'issuer_0000000000000_otherone')).toBeNull();
    const accepted = { application: item.application, acceptedAt: NOW.toISOString() };
    expect(await readAccepted(storage, item.onboardingId)).toEqual(accepted);
    // Kept for a reload, until a new application starts.
    expect(await readAccepted(storage)).toEqual(accepted);
    await forgetAccepted(storage);
    expect(await storage.get(ACCEPTED_KEY)).toBeUndefined();
    expect(await flushOutbox(storage, send)).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('on a network failure: keeps it (and the draft) for the next flush, which resends the same body', async () => {
    const storage = create();
    await saveDraft(storage, 3, sampleOnboardingForm());
    const item = buildSubmission(sampleOnboardingForm(), TOKEN, NOW, random(4));
    await enqueue(storage, item);
    const { send, sent } = scripted({ kind: 'network' }, { kind: 'accepted' });
    expect((await flushOutbox(storage, send)).map((event) => event.kind)).toEqual(['kept']);
    expect((await storage.outbox.list()).map((queued) => queued.onboardingId)).toEqual([item.onboardingId]);
    expect((await loadDraft(storage)).status).toBe('loaded');
    expect((await flushOutbox(storage, send)).map((event) => event.kind)).toEqual(['accepted']);
    expect(sent).toEqual([item.body, item.body]);
    expect(await storage.outbox.list()).toEqual([]);
  });

  it('stops at the first network failure: the rest wait unsent', async () => {
    const storage = create();
    const first = buildSubmission(sampleOnboardingForm(), TOKEN, NOW, random(5));
    const second = buildSubmission(sampleOnboardingForm(), TOKEN, new Date(NOW.getTime() + 1), random(6));
    await enqueue(storage, first);
    await enqueue(storage, second);
    const { send } = scripted({ kind: 'network' });
    expect((await flushOutbox(storage, send)).map((event) => event.kind)).toEqual(['kept', 'kept']);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await storage.outbox.list()).toHaveLength(2);
  });

  it('on a refusal (4xx): drops it so it is not resent, keeps the draft, and records the refusal for the wizard', async () => {
    const storage = create();
    await saveDraft(storage, 3, sampleOnboardingForm());
    const item = buildSubmission(sampleOnboardingForm(), TOKEN, NOW, random(8));
    await enqueue(storage, item);
    const { send } = scripted({
      kind: 'rejected',
      status: 400,
      fieldErrors: { signature: 'The signature must be a PNG image of at most 500 KB' },
    });
    const events = await flushOutbox(storage, send, () => NOW);
    expect(events).toEqual([
      {
        kind: 'rejected',
        item,
        status: 400,
        fieldErrors: { signature: 'The signature must be a PNG image of at most 500 KB' },
      },
    ]);
    expect(await storage.outbox.list()).toEqual([]);
    expect((await loadDraft(storage)).status).toBe('loaded');
    expect(await takeRejected(storage)).toMatchObject({ onboardingId: item.onboardingId, status: 400 });
    expect(await storage.get(REJECTED_KEY)).toBeUndefined();
    expect(await flushOutbox(storage, send)).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('tells listeners every outcome, and two flushes at once never send one application twice', async () => {
    const storage = create();
    const item = buildSubmission(sampleOnboardingForm(), TOKEN, NOW, random(9));
    await enqueue(storage, item);
    const heard: OutboxEvent['kind'][] = [];
    const stop = onOutboxEvent((event) => heard.push(event.kind));
    const { send } = scripted({ kind: 'accepted' });
    await Promise.all([flushOutbox(storage, send), flushOutbox(storage, send)]);
    stop();
    expect(send).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(['accepted']);
  });
});
