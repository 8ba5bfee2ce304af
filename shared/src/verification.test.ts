import { describe, expect, it } from 'vitest';
import {
  failurePanelLine,
  meetsMinimumSize,
  thrownUploadMessage,
  uploadErrorMessage,
  UPLOAD_SERVER_MESSAGES as M,
} from './verification';

describe('verification rules', () => {
  it('takes 800x600 in either orientation and nothing smaller', () => {
    expect(meetsMinimumSize(800, 600)).toBe(true);
    expect(meetsMinimumSize(600, 800)).toBe(true);
    expect(meetsMinimumSize(1080, 1920)).toBe(true);
    expect(meetsMinimumSize(799, 600)).toBe(false);
    expect(meetsMinimumSize(720, 1280)).toBe(true);
    expect(meetsMinimumSize(590, 1280)).toBe(false);
  });

  it('maps upload answers by status and keyword as the spec lists them', () => {
    expect(uploadErrorMessage(400, M.fileType)).toBe('Invalid file type. Only JPG and PNG images are allowed.');
    expect(uploadErrorMessage(400, M.fileSize)).toBe('File too large. Maximum size is 10MB.');
    expect(uploadErrorMessage(400, M.dimensions)).toBe('Image file appears corrupted. Please try a different photo.');
    expect(uploadErrorMessage(413)).toBe('File too large. Please reduce the image size and try again.');
    expect(uploadErrorMessage(500)).toBe('Server error. Please wait a moment and try again.');
    expect(uploadErrorMessage(503)).toBe('Service temporarily unavailable. Please try again in a few minutes.');
    expect(uploadErrorMessage('network')).toBe('Network connection error. Please check your internet and try again.');
    expect(uploadErrorMessage('timeout')).toBe('Upload timed out. Please check your connection and try again.');
    expect(uploadErrorMessage(404, M.invalidCode)).toBe('Upload failed. Please check your connection and try again.');
  });

  it('words the failure panel by keyword, and falls back to the raw message with the photo name', () => {
    expect(failurePanelLine('Selfie', M.fileType).text).toBe('Invalid file format. Please use JPG or PNG images only.');
    expect(failurePanelLine('Selfie', M.fileType).tip).toBeTruthy();
    expect(failurePanelLine('Selfie', M.fileSize).text).toBe('File too large. Maximum size is 10MB.');
    expect(failurePanelLine('Selfie', M.dimensions).text).toBe('Image too small. Minimum size is 800x600 pixels.');
    expect(failurePanelLine('Selfie', M.corrupted).text).toBe(
      'Image file appears corrupted. Please try a different photo.',
    );
    expect(failurePanelLine('ID Back', 'Something else').text).toBe('ID Back: Something else');
    expect(failurePanelLine('ID Back', undefined).text).toBe('Upload failed. Please check your images and try again.');
    expect(thrownUploadMessage(new TypeError('Failed to fetch'))).toBe(
      'Network connection error. Please check your internet connection and try again.',
    );
    expect(thrownUploadMessage({ name: 'TimeoutError', message: 'signal timed out' })).toBe(
      'Upload timed out. Please check your connection and try again.',
    );
    expect(thrownUploadMessage(new Error('boom'))).toBe('An error occurred while uploading your documents.');
  });
});
