import { contactSubmissions } from '@ledgerwell/db/schema';
import { sampleSubmitBody } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { photoPng } from './images';
import type { TestApp } from './test-app';

/** A contact submission, written directly: what the admin's contact triage works on. */
export async function seedContactSubmission(t: TestApp) {
  const [row] = await t.deps.db
    .insert(contactSubmissions)
    .values({ name: 'Dana Whitfield', email: 'dana@example.com', message: 'Please call me back.' })
    .returning();
  if (!row) throw new Error('contact insert returned no row');
  return row;
}

/** An issuer application submitted through the public wizard's call; its id. */
export async function submitIssuerApplication(t: TestApp): Promise<string> {
  const signature = `data:image/png;base64,${(await photoPng(600, 200)).toString('base64')}`;
  const res = await t.request('POST', '/api/issuer-onboarding/submit', {
    body: sampleSubmitBody({ signatureDataUrl: signature }),
  });
  if (res.status !== 201) throw new Error(`application submit failed: ${res.text}`);
  return res.json.id as string;
}
