import {
  makeOnboardingId,
  trimOnboardingForm,
  type OnboardingForm,
  type SubmittedApplication,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import type { OnboardingSubmitBody } from '@ledgerwell/shared/issuer-onboarding';
import { localDate } from './dates';
import { clearDraft } from './draft-store';
import { setOutboxHint } from './outbox-hint';
import { ACCEPTED_KEY, REJECTED_KEY, type OnboardingStorage, type QueuedSubmission } from './storage';

/**
 * The submit queue (an outbox): an application is stored on the device before it is sent, and stays
 * there until the server has answered. No answer (offline, a dropped connection, a gateway that
 * cannot reach the server) keeps it for the `online` event or the next start of the app; the resend
 * is the same body with the same onboardingId, which the server treats as the same application.
 */

/** What one attempt to send came to. */
export type SendOutcome =
  | { kind: 'accepted' }
  /** The server answered and refused: not sent again (the visitor sees the failure notice and may resubmit). */
  | { kind: 'rejected'; status: number; fieldErrors: Record<string, string> }
  /** No answer from the server: kept. */
  | { kind: 'network' };

export type SendSubmission = (body: OnboardingSubmitBody) => Promise<SendOutcome>;

export type OutboxEvent =
  | { kind: 'accepted'; item: QueuedSubmission }
  | { kind: 'rejected'; item: QueuedSubmission; status: number; fieldErrors: Record<string, string> }
  | { kind: 'kept'; item: QueuedSubmission };

/** An application the server accepted, kept until a wizard has shown its confirmation. */
export interface AcceptedRecord {
  application: SubmittedApplication;
  acceptedAt: string;
}

/** An application the server refused, kept until a wizard has said so. */
export interface RejectedRecord {
  onboardingId: string;
  status: number;
  fieldErrors: Record<string, string>;
  rejectedAt: string;
}

/**
 * The spec 7.2 body and the application the confirmation shows: the trimmed form plus the browser's
 * onboardingId, submittedAt and signatureDate (spec 3). The form must have passed step 3 (signed).
 */
export function buildSubmission(
  form: OnboardingForm,
  sessionToken: string,
  now: Date,
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(12)),
): QueuedSubmission {
  const trimmed = trimOnboardingForm(form);
  if (!trimmed.signatureData) throw new Error('buildSubmission needs a signed form');
  const at = now.toISOString();
  const application: SubmittedApplication = {
    ...trimmed,
    signature_date: localDate(now),
    onboardingId: makeOnboardingId(now, random),
    submittedAt: at,
    signatureDate: at,
  };
  const body: OnboardingSubmitBody = {
    session_token: sessionToken,
    signature_data: trimmed.signatureData.dataUrl,
    agreement_accepted: true,
    final_application_data: application,
    submission_notes: trimmed.comments,
  };
  return { onboardingId: application.onboardingId, body, application, queuedAt: now.getTime() };
}

/** Stores the application before anything is sent. */
export async function enqueue(storage: OnboardingStorage, item: QueuedSubmission): Promise<void> {
  await storage.outbox.put(item);
  setOutboxHint(true);
}

/** Takes an application out of the queue unsent (the visitor abandoned it). */
export async function dequeue(storage: OnboardingStorage, onboardingId: string): Promise<void> {
  await storage.outbox.delete(onboardingId);
  setOutboxHint((await storage.outbox.list()).length > 0);
}

const listeners = new Set<(event: OutboxEvent) => void>();

/** Tells the wizard on screen what a flush did, whoever started it (its own submit, `online`, the app's start). */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function flushOnce(storage: OnboardingStorage, send: SendSubmission, now: () => Date): Promise<OutboxEvent[]> {
  const events: OutboxEvent[] = [];
  const items = await storage.outbox.list();
  let reachable = true;
  for (const item of items) {
    if (!reachable) {
      events.push({ kind: 'kept', item });
      continue;
    }
    const outcome = await send(item.body);
    if (outcome.kind === 'network') {
      // The rest would fail the same way: they wait for the next flush.
      reachable = false;
      events.push({ kind: 'kept', item });
    } else if (outcome.kind === 'accepted') {
      // The record first: a crash before the delete means one more (idempotent) send, never a lost confirmation.
      const record: AcceptedRecord = { application: item.application, acceptedAt: now().toISOString() };
      await storage.put(ACCEPTED_KEY, record);
      await clearDraft(storage);
      await storage.outbox.delete(item.onboardingId);
      events.push({ kind: 'accepted', item });
    } else {
      const record: RejectedRecord = {
        onboardingId: item.onboardingId,
        status: outcome.status,
        fieldErrors: outcome.fieldErrors,
        rejectedAt: now().toISOString(),
      };
      await storage.put(REJECTED_KEY, record);
      await storage.outbox.delete(item.onboardingId);
      events.push({ kind: 'rejected', item, status: outcome.status, fieldErrors: outcome.fieldErrors });
    }
  }
  setOutboxHint((await storage.outbox.list()).length > 0);
  return events;
}

/** One flush at a time across the tabs of this origin, where the browser has Web Locks. */
async function exclusively<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run();
  let result: { value: T } | null = null;
  await locks.request('ledgerwell-onboarding-outbox', async () => {
    result = { value: await run() };
  });
  return (result as { value: T } | null)!.value;
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Sends every queued application, oldest first, one flush after another in this page (two triggers at
 * once never send one application twice at the same moment). Each outcome is told to the listeners.
 */
export function flushOutbox(
  storage: OnboardingStorage,
  send: SendSubmission,
  now: () => Date = () => new Date(),
): Promise<OutboxEvent[]> {
  const run = chain.then(() => exclusively(() => flushOnce(storage, send, now)));
  chain = run.catch(() => undefined);
  return run.then((events) => {
    for (const event of events) for (const listener of listeners) listener(event);
    return events;
  });
}

/**
 * The accepted application the wizard shows as its confirmation (for `onboardingId` only, when given). It stays on
 * the device, a reload included, until the visitor starts a new application (issue 29): the Application ID is
 * what they quote to us.
 */
export async function readAccepted(storage: OnboardingStorage, onboardingId?: string): Promise<AcceptedRecord | null> {
  const record = (await storage.get(ACCEPTED_KEY).catch(() => undefined)) as AcceptedRecord | undefined;
  if (!record || typeof record !== 'object' || typeof record.application?.onboardingId !== 'string') return null;
  if (onboardingId !== undefined && record.application.onboardingId !== onboardingId) return null;
  return record;
}

/** The visitor starts a new application: the confirmation of the last one is no longer shown. */
export async function forgetAccepted(storage: OnboardingStorage): Promise<void> {
  await storage.delete(ACCEPTED_KEY).catch(() => undefined);
}

/** The refusal a wizard should tell of, removed as it is read. */
export async function takeRejected(storage: OnboardingStorage): Promise<RejectedRecord | null> {
  const record = (await storage.get(REJECTED_KEY).catch(() => undefined)) as RejectedRecord | undefined;
  if (!record || typeof record !== 'object' || typeof record.onboardingId !== 'string') return null;
  await storage.delete(REJECTED_KEY).catch(() => undefined);
  return record;
}
