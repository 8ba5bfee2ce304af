import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type {
  OnboardingErrorField,
  OnboardingForm,
  OnboardingFormStep,
  OnboardingStep,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import { sendSubmission, startOnboardingSession } from '../lib/api';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft-store';
import { getOrCreateSessionToken } from '../lib/session-token';
import { openOnboardingStorage, type OnboardingStorage, type QueuedSubmission } from '../lib/storage';
import {
  buildSubmission,
  dequeue,
  enqueue,
  flushOutbox,
  forgetAccepted,
  onOutboxEvent,
  readAccepted,
  takeRejected,
  type OutboxEvent,
} from '../lib/submit-queue';
import {
  draftOf,
  firstInvalidField,
  initialWizardState,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from '../lib/wizard-state';

/** Spec 9: autosave every 30 seconds; the save indicator for 2 seconds. */
export const AUTOSAVE_MS = 30_000;
export const SAVED_INDICATOR_MS = 2_000;
/** Issue 29: every change is saved too, this long after the typing pauses, so no keystroke waits 30 seconds. */
export const CHANGE_SAVE_MS = 600;

/** Where the page moves the focus after an action (the route's elements, by role). */
export interface FocusTargets {
  /** The 'Step N of 5' heading, after a step change. */
  stepHeading(): void;
  /** The first invalid field of the step (named when the page needs to know which), else the validation notice. */
  firstInvalid(field: OnboardingErrorField | null): void;
  /** The notice (a failure). */
  notice(): void;
}

/** The session token is announced once per page and token (React's development double effects included). */
const started = new Set<string>();

function askPersistentStorage() {
  // Drafts and queued applications must not be evicted under storage pressure (FACTS: Safari, Chrome).
  void navigator.storage?.persist?.().catch(() => false);
}

/**
 * The wizard's device side: the draft (loaded on entry, autosaved, saved on demand), the session
 * token and its start call, and the submit queue with its outcomes, whoever flushed it.
 */
export function useOnboarding(focus: FocusTargets) {
  const [state, setState] = useState<WizardState>(initialWizardState);
  // The state as of the last action: handlers and timers read it, so no closure ever sees an old one.
  const latest = useRef<WizardState>(initialWizardState);
  const storage = useRef<OnboardingStorage | null>(null);
  const sessionToken = useRef<string | null>(null);
  /** The onboardingId this page waits on (submitting or queued). */
  const pending = useRef<string | null>(null);
  /** The application queued by (or found queued at the opening of) this page. */
  const queuedItem = useRef<QueuedSubmission | null>(null);
  const [savedFlash, setSavedFlash] = useState(false);
  const flashTimer = useRef<number | undefined>(undefined);
  const changeTimer = useRef<number | undefined>(undefined);
  const focusRef = useRef(focus);
  useEffect(() => {
    focusRef.current = focus;
  });

  const apply = useCallback((action: WizardAction): WizardState => {
    const next = wizardReducer(latest.current, action);
    latest.current = next;
    setState(next);
    return next;
  }, []);

  /** Applies the action, renders it at once, then moves the focus (so the target exists). */
  const applyAndFocus = useCallback(
    (action: WizardAction, target: 'stepHeading' | 'notice' | null) => {
      let next = latest.current;
      flushSync(() => {
        next = apply(action);
      });
      if (target) focusRef.current[target]();
      return next;
    },
    [apply],
  );

  const persistDraft = useCallback(async (): Promise<boolean> => {
    const draft = draftOf(latest.current);
    if (!draft || !storage.current) return false;
    try {
      await saveDraft(storage.current, draft.step, draft.data);
      apply({ type: 'saved' });
      return true;
    } catch {
      return false;
    }
  }, [apply]);

  const handleOutboxEvent = useCallback(
    (event: OutboxEvent) => {
      if (event.item.onboardingId !== pending.current || !storage.current) return;
      if (event.kind === 'accepted') {
        pending.current = null;
        // The record the flush kept stays: a reload shows the confirmation again.
        // The confirmation takes the focus to its own heading.
        apply({ type: 'accepted', application: event.item.application });
      } else if (event.kind === 'rejected') {
        pending.current = null;
        void takeRejected(storage.current);
        applyAndFocus({ type: 'rejected', fieldErrors: event.fieldErrors }, 'notice');
      } else if (latest.current.phase === 'submitting') {
        apply({ type: 'queued', item: event.item });
      }
    },
    [apply, applyAndFocus],
  );

  const flush = useCallback(async () => {
    if (storage.current) await flushOutbox(storage.current, sendSubmission).catch(() => []);
  }, []);

  // Entry: open the device's storage, announce the session, restore what was left (spec 4).
  useEffect(() => {
    let cancelled = false;
    const unsubscribe = onOutboxEvent(handleOutboxEvent);
    void (async () => {
      const store = await openOnboardingStorage();
      if (cancelled) return;
      storage.current = store;
      askPersistentStorage();
      const token = await getOrCreateSessionToken(store);
      sessionToken.current = token;
      if (!started.has(token)) {
        started.add(token);
        void startOnboardingSession(token);
      }
      const accepted = await readAccepted(store);
      const [queued] = accepted ? [] : await store.outbox.list().catch(() => []);
      const draft = accepted || queued ? null : await loadDraft(store);
      const rejected = accepted || queued ? null : await takeRejected(store);
      if (cancelled) return;
      pending.current = queued?.onboardingId ?? null;
      queuedItem.current = queued ?? null;
      // The step's first render builds the whole form: as a transition, React renders it in slices of
      // a few ms instead of one long task on a phone (Lighthouse TBT).
      startTransition(() => {
        apply({
          type: 'restored',
          accepted: accepted?.application ?? null,
          queued: queued ?? null,
          draft: draft?.status === 'loaded' ? draft.draft : null,
          rejected: rejected && draft?.status === 'loaded' ? rejected : null,
        });
      });
      if (queued && navigator.onLine) void flush();
    })();
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [apply, flush, handleOutboxEvent]);

  // The connection came back: send what waits (the app shell does the same on every other page).
  useEffect(() => {
    const onOnline = () => {
      if (pending.current) void flush();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  // Autosave every 30 seconds, when the page is hidden (a phone switching apps may never come back), and when the
  // wizard closes inside the app (the menu, a link): no pagehide then.
  useEffect(() => {
    const save = () => {
      window.clearTimeout(changeTimer.current);
      if (latest.current.dirty) void persistDraft();
    };
    const timer = window.setInterval(save, AUTOSAVE_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', save);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', save);
      window.clearTimeout(flashTimer.current);
      save();
    };
  }, [persistDraft]);

  const change = useCallback(
    (patch: Partial<OnboardingForm>) => {
      apply({ type: 'change', patch });
      window.clearTimeout(changeTimer.current);
      changeTimer.current = window.setTimeout(() => {
        if (latest.current.dirty) void persistDraft();
      }, CHANGE_SAVE_MS);
    },
    [apply, persistDraft],
  );

  /** A step change is saved at once, so a reload (or going offline) resumes where the visitor is. */
  const move = useCallback(
    (action: WizardAction) => {
      const before = latest.current.step;
      const next = applyAndFocus(action, null);
      if (next.step !== before) {
        focusRef.current.stepHeading();
        void persistDraft();
      } else if (next.invalid) {
        focusRef.current.firstInvalid(firstInvalidField(next.step as OnboardingFormStep, next.errors));
      }
    },
    [applyAndFocus, persistDraft],
  );

  const next = useCallback(() => move({ type: 'next' }), [move]);
  const previous = useCallback(() => move({ type: 'previous' }), [move]);
  const goTo = useCallback((step: OnboardingStep) => move({ type: 'go-to', step }), [move]);

  const saveNow = useCallback(async () => {
    if (await persistDraft()) {
      setSavedFlash(true);
      window.clearTimeout(flashTimer.current);
      flashTimer.current = window.setTimeout(() => setSavedFlash(false), SAVED_INDICATOR_MS);
    }
  }, [persistDraft]);

  /** After a flush that told this page nothing (another tab sent it, or the flush failed): settle from the device. */
  const settle = useCallback(async () => {
    const store = storage.current;
    const item = queuedItem.current;
    if (latest.current.phase !== 'submitting' || !store || !item) return;
    const accepted = await readAccepted(store, item.onboardingId);
    if (accepted) {
      pending.current = null;
      apply({ type: 'accepted', application: accepted.application });
    } else {
      apply({ type: 'queued', item });
    }
  }, [apply]);

  const submit = useCallback(async () => {
    const current = latest.current;
    if (current.phase === 'submitting' || current.phase === 'done' || current.phase === 'loading') return;
    if (current.phase === 'queued') {
      // The same application again, never a second one.
      apply({ type: 'resend' });
      await flush();
      await settle();
      return;
    }
    const state = applyAndFocus({ type: 'submit' }, null);
    if (state.phase !== 'submitting') {
      if (state.invalid) focusRef.current.firstInvalid(firstInvalidField(3, state.errors));
      return;
    }
    const store = storage.current;
    const token = sessionToken.current;
    if (!store || !token) return;
    const item = buildSubmission(state.form, token, new Date());
    pending.current = item.onboardingId;
    queuedItem.current = item;
    // The draft stays until the server has accepted: a refusal, even one that comes while no wizard is open, loses nothing.
    await saveDraft(store, 3, state.form).catch(() => undefined);
    try {
      await enqueue(store, item);
    } catch {
      // The device refused to store it: send it once, without the queue; no answer is a failure here.
      const outcome = await sendSubmission(item.body);
      if (outcome.kind === 'accepted') await clearDraft(store).catch(() => undefined);
      handleOutboxEvent(
        outcome.kind === 'accepted'
          ? { kind: 'accepted', item }
          : {
              kind: 'rejected',
              item,
              status: outcome.kind === 'rejected' ? outcome.status : 0,
              fieldErrors: outcome.kind === 'rejected' ? outcome.fieldErrors : {},
            },
      );
      return;
    }
    await flush();
    await settle();
  }, [apply, applyAndFocus, flush, handleOutboxEvent, settle]);

  /** Cancel (after confirmation): saves the draft; the page then goes home. */
  const cancel = useCallback(async () => {
    await persistDraft();
  }, [persistDraft]);

  /** Abandon (after confirmation): deletes the draft and an application still waiting to be sent. */
  const abandon = useCallback(async () => {
    const store = storage.current;
    if (!store) return;
    // Nothing typed before may save the draft again as the wizard closes.
    window.clearTimeout(changeTimer.current);
    apply({ type: 'saved' });
    await clearDraft(store).catch(() => undefined);
    if (pending.current && latest.current.phase === 'queued')
      await dequeue(store, pending.current).catch(() => undefined);
    pending.current = null;
  }, [apply]);

  const dismissNotice = useCallback(() => apply({ type: 'dismiss-notice' }), [apply]);

  /** From the confirmation: the last application's confirmation is forgotten, and step 1 opens empty. */
  const startNew = useCallback(async () => {
    if (storage.current) await forgetAccepted(storage.current);
    applyAndFocus({ type: 'restored' }, 'stepHeading');
  }, [applyAndFocus]);

  return {
    state,
    savedFlash,
    change,
    next,
    previous,
    goTo,
    saveNow,
    submit,
    cancel,
    abandon,
    dismissNotice,
    startNew,
  };
}
