import { describe, expect, it } from 'vitest';
import {
  overviewVerificationStatus,
  transferVerificationNotice,
  verificationState,
  VERIFICATION_NOTICES,
} from './verification-state';

const doc = (type: string, status = 'PENDING') => ({ type, status });
const three = (status: string) => [doc('selfie', status), doc('id_front', status), doc('id_back', status)];

describe('verificationState (the list’s Verification column rule)', () => {
  it('is PENDING until the three photos are in', () => {
    expect(verificationState([])).toBe('PENDING');
    expect(verificationState([doc('selfie', 'APPROVED'), doc('id_front', 'APPROVED')])).toBe('PENDING');
  });

  it('is SUBMITTED when the three are in but not all approved', () => {
    expect(verificationState(three('PENDING'))).toBe('SUBMITTED');
    expect(
      verificationState([doc('selfie', 'APPROVED'), doc('id_front', 'APPROVED'), doc('id_back', 'REJECTED')]),
    ).toBe('SUBMITTED');
  });

  it('is VERIFIED when all three are approved', () => {
    expect(verificationState(three('APPROVED'))).toBe('VERIFIED');
  });

  it('counts each kind once: two selfies are not three photos', () => {
    expect(verificationState([doc('selfie', 'APPROVED'), doc('selfie', 'APPROVED'), doc('id_front', 'APPROVED')])).toBe(
      'PENDING',
    );
  });
});

describe('the Overview’s Verification status', () => {
  it('shows only when a verification code exists', () => {
    expect(
      overviewVerificationStatus({ hasVerificationCode: false, verificationDocuments: three('APPROVED') as never }),
    ).toBeNull();
  });

  it('reads Pending, Submitted, awaiting review, or Completed', () => {
    const status = (documents: { type: string; status: string }[]) =>
      overviewVerificationStatus({ hasVerificationCode: true, verificationDocuments: documents as never });
    expect(status([])).toBe('Pending');
    expect(status(three('PENDING'))).toBe('Submitted, awaiting review');
    expect(status(three('APPROVED'))).toBe('Completed');
  });
});

describe('the Actions panel’s transfer warning', () => {
  const transfer = (status: string, documents: { type: string; status: string }[], hasVerificationCode = true) =>
    transferVerificationNotice({
      type: 'TRANSFER',
      status: status as never,
      hasVerificationCode,
      verificationDocuments: documents as never,
    });

  it('warns while photos are missing', () => {
    expect(transfer('AWAITING_VERIFICATION', [])).toBe('incomplete');
    expect(transfer('AWAITING_VERIFICATION', [doc('selfie'), doc('id_front')])).toBe('incomplete');
    expect(transfer('PROCESSING', [doc('selfie', 'APPROVED')])).toBe('incomplete');
  });

  it('says complete once all three photos are in, reviewed or not (VERIFICATION_SUBMITTED and later)', () => {
    expect(transfer('VERIFICATION_SUBMITTED', three('PENDING'))).toBe('complete');
    expect(transfer('AWAITING_VERIFICATION', three('PENDING'))).toBe('complete');
    expect(transfer('PROCESSING', [doc('selfie', 'APPROVED'), doc('id_front', 'REJECTED'), doc('id_back')])).toBe(
      'complete',
    );
    expect(transfer('VERIFICATION_SUBMITTED', three('APPROVED'))).toBe('complete');
    expect(transfer('VERIFICATION_SUBMITTED', [])).toBe('complete');
    expect(transfer('VERIFIED', [])).toBe('complete');
  });

  it('says nothing without a verification code, or for another request type', () => {
    expect(transfer('VERIFICATION_SUBMITTED', three('PENDING'), false)).toBeNull();
    expect(
      transferVerificationNotice({
        type: 'ADDRESS_CHANGE',
        status: 'PENDING',
        hasVerificationCode: false,
        verificationDocuments: [],
      }),
    ).toBeNull();
  });

  it('uses the spec’s words', () => {
    expect(VERIFICATION_NOTICES.incomplete).toBe(
      'ID verification is not complete. Consider waiting for verification before approving.',
    );
    expect(VERIFICATION_NOTICES.complete).toBe('ID verification complete. All required documents have been submitted.');
  });
});
