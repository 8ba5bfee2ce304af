import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  SIGNATURE_DATA_URL_MAX_LENGTH,
  onboardingStartBodySchema,
  onboardingSubmitBodySchema,
  onboardingSubmitFieldErrors,
  onboardingSubmitResponseSchema,
} from '@ledgerwell/shared/issuer-onboarding';
import { successResponseSchema } from '@ledgerwell/shared/api-response';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { parseJson, readJsonBody } from '../../lib/validate';
import { startOnboardingSession } from './start-session';
import { submitApplication } from './submit-application';
import { documented } from '../../lib/openapi';

export const ONBOARDING_SUBMIT_PATH = '/api/issuer-onboarding/submit';
/** The signature travels twice (signature_data and the form's signatureData), plus the form itself. */
export const ONBOARDING_SUBMIT_BODY_LIMIT_BYTES = 2 * SIGNATURE_DATA_URL_MAX_LENGTH + 64 * 1024;

/** Public issuer onboarding (spec 7.2): POST /api/issuer-onboarding/start and /submit. */
export function issuerOnboardingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/issuer-onboarding/start',
      documented({
        tag: 'Issuer onboarding',
        summary: 'Start an onboarding session',
        auth: 'public',
        body: onboardingStartBodySchema,
        responses: { 201: successResponseSchema },
        errors: [409, 429],
      }),
      async (c) => {
        const { sessionToken } = await parseJson(c, onboardingStartBodySchema);
        await startOnboardingSession(deps, sessionToken, c.get('meta'));
        return c.json({ success: true }, 201);
      },
    )
    .post(
      '/issuer-onboarding/submit',
      documented({
        tag: 'Issuer onboarding',
        summary: 'Submit an issuer application',
        auth: 'public',
        body: onboardingSubmitBodySchema,
        responses: { 201: onboardingSubmitResponseSchema },
        errors: [404, 409, 429],
      }),
      bodyLimit({
        maxSize: ONBOARDING_SUBMIT_BODY_LIMIT_BYTES,
        onError: () => {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            'The application is too large. Please clear the signature and sign again.',
          );
        },
      }),
      async (c) => {
        const parsed = onboardingSubmitBodySchema.safeParse(await readJsonBody(c));
        if (!parsed.success) {
          const errors = onboardingSubmitFieldErrors(parsed.error);
          throw new AppError(
            'VALIDATION_ERROR',
            Object.values(errors)[0] ?? 'Please correct the highlighted fields',
            errors,
          );
        }
        return c.json(await submitApplication(deps, parsed.data, c.get('meta')), 201);
      },
    );
}
