import { z } from 'zod';

/**
 * Identity verification (public-site spec 3, 5, 7 calls 6-8, 8): the three photos, the image rules
 * both sides apply, and the messages of the verification page.
 */
export const DOCUMENT_TYPES = ['selfie', 'id_front', 'id_back'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The photo names the spec's messages use for {kind}. */
export const DOCUMENT_LABELS: Record<DocumentType, string> = {
  selfie: 'Selfie',
  id_front: 'ID Front',
  id_back: 'ID Back',
};

export const IMAGE_RULES = {
  maxBytes: 10 * 1024 * 1024,
  minWidth: 800,
  minHeight: 600,
  mimeTypes: ['image/jpeg', 'image/jpg', 'image/png'],
  extensions: ['.jpg', '.jpeg', '.png'],
  /** Decompression-bomb guard: 50 megapixels is far above any phone camera (12-48 MP). */
  maxPixels: 50_000_000,
} as const;

/** Upload route body limit: the 10 MB photo plus the multipart envelope; a larger body is a 413. */
export const UPLOAD_BODY_LIMIT_BYTES = IMAGE_RULES.maxBytes + 64 * 1024;

/** The verification code is the only credential of the page: failed codes per address and hour. */
export const VERIFICATION_THROTTLE = { windowMs: 60 * 60 * 1000, failedCodesPerIp: 20 } as const;

/**
 * At least 800x600 in either orientation: a portrait phone photo (720x1280 from a front camera, or
 * 1080x1920) must not fail because it is held upright; 590x1280 is refused.
 */
export function meetsMinimumSize(width: number, height: number): boolean {
  return Math.max(width, height) >= IMAGE_RULES.minWidth && Math.min(width, height) >= IMAGE_RULES.minHeight;
}

/** Inline file errors of the verification page (spec 8); {kind} is the photo's label. */
export const FILE_MESSAGES = {
  type: (kind: string) => `Invalid file type for ${kind}. Please upload a JPG or PNG image.`,
  extension: (kind: string) => `Invalid file extension for ${kind}. Please use .jpg, .jpeg, or .png files only.`,
  size: (kind: string) => `The ${kind} file exceeds our 10MB limit. Please use a smaller image or reduce its quality.`,
  read: (kind: string) => `Failed to read ${kind} file. Please try again with a different image.`,
  corrupted: (kind: string) => `The ${kind} file appears to be corrupted or invalid. Please try a different image.`,
  tooSmall: (kind: string, width: number, height: number) =>
    `The ${kind} image is too small. Minimum size required: 800x600 pixels. Your image: ${width}x${height} pixels.`,
  missingPhotos: 'Please capture all required photos before submitting.',
} as const;

/** The server's 400 messages for a refused upload, worded so that the spec's client mapping (by keyword) shows the right text. */
export const UPLOAD_SERVER_MESSAGES = {
  fileType: 'Invalid file type. Only JPG and PNG images are allowed.',
  fileSize: 'File size exceeds the 10MB maximum.',
  dimensions: 'Image dimensions too small. Minimum size is 800x600 pixels.',
  pixels: 'Image has too many pixels to process. Please use a photo of at most 50 megapixels.',
  corrupted: 'Image file appears corrupted. Please try a different photo.',
  missingFile: 'Please attach the photo as the "document" field.',
  /** The server checks these before it reads the photo (issue 14): a photo ahead of them is refused. */
  fieldsFirst: 'Send the documentType and verificationCode (or requestId) fields before the photo.',
  notMultipart: 'Send the photo as multipart/form-data',
  documentType: 'documentType must be selfie, id_front or id_back',
  invalidCode:
    'This verification code is invalid or has expired. Please request a new code from your shareholder portal.',
  notAccepting: 'This request is not waiting for identity documents.',
  tooManyAttempts: 'Too many attempts from your connection. Please wait an hour and try again, or contact us.',
} as const;

/** Portal messages (spec 8, "Portal calls" and "Upload errors by status"). */
export const VERIFICATION_MESSAGES = {
  uploadFailed: 'Failed to upload documents',
  statusFailed: 'Failed to check status',
  networkError: 'Network error. Please try again.',
  statusNetworkError: 'Network error',
  invalidCodeScreen: UPLOAD_SERVER_MESSAGES.invalidCode,
  queuedOffline: 'Your photos are saved on this device and will be sent when the connection returns.',
} as const;

/** The message the spec's portal shows for a failed upload, by HTTP status and the server's message. */
export function uploadErrorMessage(status: number | 'network' | 'timeout', serverMessage = ''): string {
  const text = serverMessage.toLowerCase();
  if (status === 'network') return 'Network connection error. Please check your internet and try again.';
  if (status === 'timeout') return 'Upload timed out. Please check your connection and try again.';
  if (status === 400) {
    if (text.includes('file type') || text.includes('format'))
      return 'Invalid file type. Only JPG and PNG images are allowed.';
    if (text.includes('file size')) return 'File too large. Maximum size is 10MB.';
    if (text.includes('dimension') || text.includes('pixels') || text.includes('corrupted'))
      return 'Image file appears corrupted. Please try a different photo.';
  }
  if (status === 413) return 'File too large. Please reduce the image size and try again.';
  if (status === 500) return 'Server error. Please wait a moment and try again.';
  if (status === 503) return 'Service temporarily unavailable. Please try again in a few minutes.';
  return 'Upload failed. Please check your connection and try again.';
}

/** One line of the upload failure panel (spec 8), from a server message, mapped by keyword. */
export function failurePanelLine(kind: string, serverMessage: string | undefined): { text: string; tip?: string } {
  if (!serverMessage) return { text: 'Upload failed. Please check your images and try again.' };
  const text = serverMessage.toLowerCase();
  if (text.includes('file type') || text.includes('format')) {
    return {
      text: 'Invalid file format. Please use JPG or PNG images only.',
      tip: 'Tip: take the photo with your camera rather than choosing a screenshot or a document.',
    };
  }
  if (text.includes('file size') || text.includes('too large'))
    return { text: 'File too large. Maximum size is 10MB.' };
  if (text.includes('dimension') || text.includes('resolution'))
    return { text: 'Image too small. Minimum size is 800x600 pixels.' };
  if (text.includes('network') || text.includes('timeout')) {
    return {
      text: 'Network error. Please check your connection.',
      tip: 'Tip: move closer to your Wi-Fi router or switch to mobile data, then try again.',
    };
  }
  if (text.includes('corrupted') || text.includes('invalid image'))
    return { text: 'Image file appears corrupted. Please try a different photo.' };
  return { text: `${kind}: ${serverMessage}` };
}

/** A thrown error (no HTTP answer) during the uploads, mapped as the spec's panel does. */
export function thrownUploadMessage(error: { name?: string; message?: string }): string {
  const text = `${error.name ?? ''} ${error.message ?? ''}`.toLowerCase();
  if (text.includes('network') || text.includes('fetch'))
    return 'Network connection error. Please check your internet connection and try again.';
  if (text.includes('timeout') || text.includes('abort'))
    return 'Upload timed out. Please check your connection and try again.';
  if (text.includes('server')) return 'Server error. Please wait a moment and try again.';
  return 'An error occurred while uploading your documents.';
}

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: UPLOAD_SERVER_MESSAGES.documentType });

/** Codes are letters and digits (WORD####WORD####), compared case-insensitively. */
export const verificationCodeSchema = z
  .string({ error: UPLOAD_SERVER_MESSAGES.invalidCode })
  .trim()
  .max(40, { message: UPLOAD_SERVER_MESSAGES.invalidCode, abort: true })
  .regex(/^[A-Za-z0-9]{6,40}$/, UPLOAD_SERVER_MESSAGES.invalidCode);

export const validateVerificationCodeSchema = z.object({ code: verificationCodeSchema });

/** Which of the three photos the server holds. */
export const documentsStateSchema = z.object({ selfie: z.boolean(), id_front: z.boolean(), id_back: z.boolean() });
export type DocumentsState = z.infer<typeof documentsStateSchema>;

export const verificationStateSchema = z.object({
  referenceNumber: z.string(),
  status: z.string(),
  expiresAt: z.string().nullable(),
  documents: documentsStateSchema,
  verificationComplete: z.boolean(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

export const validateVerificationCodeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: verificationStateSchema,
});

export const uploadVerificationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: verificationStateSchema.extend({ documentType: z.enum(DOCUMENT_TYPES) }),
});

export const checkVerificationStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  verificationComplete: z.boolean(),
  data: verificationStateSchema,
});

/** Query of check-verification-status: by code (the page) or, with the portal token, by request id (default: the latest transfer). */
export const verificationStatusQuerySchema = z.object({
  code: verificationCodeSchema.optional(),
  requestId: z.uuid({ error: 'requestId must be a request id' }).optional(),
});
