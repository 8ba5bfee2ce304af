import { z } from 'zod';
import { REQUEST_STATUSES, REQUEST_TYPES } from './portal-requests';
import { DOCUMENT_TYPES } from './verification';

/**
 * One of the signed-in holder's own requests, as the portal shows it (GET
 * /api/shareholder-portal/requests/{id}). Only what the holder may read: no staff names, notes,
 * flags, assignment or addresses; tax IDs as their last four digits; never the verification code.
 */

/** The same answer for another holder's request, an unknown id and a malformed one: existence is not revealed. */
export const OWN_REQUEST_MESSAGES = { notFound: 'Request not found' } as const;

/** A change of the request's status, oldest first. */
export const ownRequestStatusChangeSchema = z.object({
  status: z.enum(REQUEST_STATUSES),
  at: z.string(),
  /** A rejection's reason as staff wrote it for the holder (it is also e-mailed to them); otherwise null. */
  reason: z.string().nullable(),
});

/** One thing the holder sent, in the form's words: its label and the value as shown (tax IDs masked). */
export const submittedFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  value: z.string(),
});

/** A photo the holder still has to take: never sent, or rejected by staff with the reason they gave the holder. */
export const neededPhotoSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  state: z.enum(['MISSING', 'REJECTED']),
  rejectionReason: z.string().nullable(),
});
export type NeededPhoto = z.infer<typeof neededPhotoSchema>;

/**
 * What is still needed from the holder, by kind; the list is empty when nothing is. One kind so far
 * (a one-branch union is an illogical oneOf to OpenAPI linters): the next kind makes this a
 * discriminated union on `kind`.
 */
export const neededFromHolderSchema = z.object({
  kind: z.literal('IDENTITY_PHOTOS'),
  photos: z.array(neededPhotoSchema).min(1),
});
export type NeededFromHolder = z.infer<typeof neededFromHolderSchema>;

export const ownRequestDetailSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(ownRequestStatusChangeSchema),
  submitted: z.array(submittedFieldSchema),
  needed: z.array(neededFromHolderSchema),
});
export type OwnRequestDetail = z.infer<typeof ownRequestDetailSchema>;

export const ownRequestDetailResponseSchema = z.object({
  success: z.literal(true),
  request: ownRequestDetailSchema,
});
