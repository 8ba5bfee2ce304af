import { randomBytes, randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { makeOnboardingId, makeSessionToken } from '../../../shared/src/issuer-onboarding';
import { sampleSubmitBody } from '../../../shared/src/issuer-onboarding.fixtures';
import type { OnboardingForm } from '../../../shared/src/issuer-onboarding';
import { adminToken } from './admin-helpers';
import { linkInMail } from './mail-log';

let signature: Promise<string> | undefined;

/** A drawn-looking signature: a 600x200 PNG (inside the server's 100..4000 by 50..2000) with one black stroke. */
export function signatureDataUrl(): Promise<string> {
  signature ??= sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#fff"/>' +
        '<path d="M30 140 C 110 20, 200 190, 300 80 S 480 150, 570 50" stroke="#000" stroke-width="4" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer()
    .then((png) => `data:image/png;base64,${png.toString('base64')}`);
  return signature;
}

/** One application through the public submit API, from an address of its own, for an issuer of its own; answers its id. */
export async function submitIssuerApplication(
  request: APIRequestContext,
  form: Pick<OnboardingForm, 'company_name' | 'contact_name' | 'contact_email'>,
): Promise<string> {
  const response = await request.post('/api/issuer-onboarding/submit', {
    data: sampleSubmitBody({
      onboardingId: makeOnboardingId(Date.now(), randomBytes(10)),
      sessionToken: makeSessionToken(randomBytes(24)),
      signatureDataUrl: await signatureDataUrl(),
      // The legal name too: approval links the application to an existing issuer of that legal name.
      form: {
        ...form,
        legal_name: form.company_name,
        signature_name: form.contact_name,
        signature_title: 'Chief Financial Officer',
      },
    }),
    headers: { 'X-Forwarded-For': `198.51.100.${randomInt(1, 255)}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as string;
}

/** Staff approve the application: the issuer exists on the ledger and its contact is sent an invitation. */
export async function approveIssuerApplication(request: APIRequestContext, applicationId: string): Promise<void> {
  const response = await request.put(`/api/admin/issuer-onboarding/${applicationId}/status`, {
    data: { status: 'APPROVED', notes: 'Approved by the e2e test' },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The link of the invitation e-mail to `email` (its token in the fragment). */
export async function invitationLinkInMail(request: APIRequestContext, email: string): Promise<URL> {
  return new URL(
    await linkInMail(request, { kind: 'ISSUER_INVITATION', email, link: /https?:\/\/[^\s#]+#token=[A-Za-z0-9_-]+/ }),
  );
}
