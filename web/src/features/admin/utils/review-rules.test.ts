import { describe, expect, it } from 'vitest';
import { parseAdminNotes } from './admin-notes';
import {
  canReview,
  documentActionsFor,
  STATUS_ACTION_LABELS,
  statusActionQuestion,
  statusActionsFor,
} from './review-permissions';
import {
  flagLabel,
  flagTone,
  requestTitle,
  sharesLabel,
  statusLabel,
  statusTone,
  typeLabel,
  verificationLabel,
} from '../../../lib/request-labels';
import { formatMoney, formatPercent, formatPrice } from '../../../lib/format';

describe('permissions', () => {
  it('lets REVIEWER and up act, and READ_ONLY see no action at all', () => {
    expect(canReview('READ_ONLY')).toBe(false);
    expect(canReview('REVIEWER')).toBe(true);
    expect(canReview('SUPER_ADMIN')).toBe(true);
    expect(statusActionsFor('READ_ONLY', 'ADDRESS_CHANGE', 'PENDING')).toEqual([]);
    expect(documentActionsFor('READ_ONLY', 'VERIFICATION_SUBMITTED', 'PENDING')).toEqual({
      approve: false,
      reject: false,
    });
  });

  it('follows the status rules for the buttons', () => {
    expect(statusActionsFor('REVIEWER', 'ADDRESS_CHANGE', 'PENDING')).toEqual(['PROCESSING', 'APPROVED', 'REJECTED']);
    expect(statusActionsFor('ADMIN', 'TRANSFER', 'AWAITING_VERIFICATION')).toEqual(['REJECTED']);
    expect(statusActionsFor('ADMIN', 'TRANSFER', 'PROCESSING')).toEqual(['APPROVED', 'REJECTED']);
    expect(statusActionsFor('ADMIN', 'INQUIRY', 'APPROVED')).toEqual([]);
  });

  it('offers document approval while submitted, and rejection also once verified', () => {
    expect(documentActionsFor('REVIEWER', 'VERIFICATION_SUBMITTED', 'PENDING')).toEqual({
      approve: true,
      reject: true,
    });
    expect(documentActionsFor('REVIEWER', 'VERIFICATION_SUBMITTED', 'APPROVED')).toEqual({
      approve: false,
      reject: true,
    });
    expect(documentActionsFor('REVIEWER', 'VERIFIED', 'APPROVED')).toEqual({ approve: false, reject: true });
    expect(documentActionsFor('REVIEWER', 'APPROVED', 'APPROVED')).toEqual({ approve: false, reject: false });
  });
});

describe('status action confirmations', () => {
  it('ask “Are you sure you want to {action} this request?” with the spec’s verbs', () => {
    const question = statusActionQuestion;
    expect(question('APPROVED')).toBe('Are you sure you want to approve this request?');
    expect(question('REJECTED')).toBe('Are you sure you want to reject this request?');
    expect(question('PROCESSING')).toBe('Are you sure you want to process this request?');
    expect(STATUS_ACTION_LABELS.PROCESSING).toBe('Mark as Processing');
  });
});

describe('labels', () => {
  it('names statuses, capitalising unknown ones', () => {
    expect(statusLabel('PENDING')).toBe('Pending Review');
    expect(statusLabel('pending')).toBe('Pending Review');
    expect(statusLabel('AWAITING_VERIFICATION')).toBe('Awaiting Verification');
    expect(statusLabel('on_hold')).toBe('On hold');
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('REJECTED')).toBe('danger');
  });

  it('names types by their real label', () => {
    expect(typeLabel('ADDRESS_CHANGE')).toBe('Address Change');
    expect(requestTitle('TRANSFER')).toBe('Transfer Request');
    expect(requestTitle('INQUIRY')).toBe('General Inquiry');
  });

  it('colours flags by priority: HIGH red, LOW blue, else yellow', () => {
    expect(flagTone('HIGH')).toBe('high');
    expect(flagTone('LOW')).toBe('low');
    expect(flagTone('MEDIUM')).toBe('medium');
    expect(flagTone(null)).toBe('medium');
    expect(flagLabel('HIGH')).toBe('Flagged: High priority');
  });

  it('labels verification and shares', () => {
    expect(verificationLabel('VERIFIED')).toBe('Verified');
    expect(verificationLabel('SUBMITTED')).toBe('Submitted');
    expect(verificationLabel('PENDING')).toBe('Pending');
    expect(verificationLabel(null)).toBeNull();
    expect(sharesLabel(2500, false)).toBe('2,500 shares');
    expect(sharesLabel(null, true)).toBe('All shares');
    expect(sharesLabel(null, false)).toBeNull();
  });

  it('formats money and percentages', () => {
    expect(formatMoney(35625)).toBe('$35,625.00');
    expect(formatMoney(35625.4, true)).toBe('$35,625');
    expect(formatPrice(14.25)).toBe('$14.25');
    expect(formatPrice(0.1234)).toBe('$0.1234');
    expect(formatPercent(12.34)).toBe('12.3%');
    expect(formatPercent(50, true)).toBe('+50%');
    expect(formatPercent(-3, true)).toBe('-3%');
  });
});

describe('notes', () => {
  it('splits adminNotes into timestamped lines', () => {
    expect(
      parseAdminNotes(
        '[2026-01-05T10:00:00.000Z] alice: Called the holder\n[2026-01-06T09:30:00.000Z] bob: Left a message: no answer',
      ),
    ).toEqual([
      { timestamp: '2026-01-05T10:00:00.000Z', author: 'alice', text: 'Called the holder' },
      { timestamp: '2026-01-06T09:30:00.000Z', author: 'bob', text: 'Left a message: no answer' },
    ]);
    expect(parseAdminNotes('A free-form line')).toEqual([{ timestamp: null, author: null, text: 'A free-form line' }]);
    expect(parseAdminNotes('')).toEqual([]);
  });
});
