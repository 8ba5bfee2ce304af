import { sendSubmission } from './api';
import { openOnboardingStorage } from './storage';
import { flushOutbox } from './submit-queue';

/**
 * Sends whatever the onboarding outbox holds: what the app shell loads (lazily, only when the outbox
 * hint says something waits) at start and on `online`, on any page.
 */
export async function flushOnboardingOutbox(): Promise<void> {
  await flushOutbox(await openOnboardingStorage(), sendSubmission);
}
