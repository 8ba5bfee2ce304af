import { describe, expect, it } from 'vitest';
import { acceptanceLabel, normaliseReviewed, reviewProgress, setAccepted, setReviewed } from './documents-state';

describe('reviewProgress', () => {
  it("reads 'N of M required documents reviewed' with a rounded percentage", () => {
    expect(reviewProgress([])).toEqual({
      reviewed: 0,
      total: 3,
      percent: 0,
      text: '0 of 3 required documents reviewed',
      complete: false,
    });
    expect(reviewProgress(['privacy-policy'])).toMatchObject({
      reviewed: 1,
      percent: 33,
      text: '1 of 3 required documents reviewed',
    });
    expect(reviewProgress(['privacy-policy', 'service-agreement'])).toMatchObject({
      reviewed: 2,
      percent: 67,
      complete: false,
    });
    expect(reviewProgress(['service-standards', 'privacy-policy', 'service-agreement'])).toMatchObject({
      reviewed: 3,
      percent: 100,
      complete: true,
    });
  });

  it('counts each required document once, whatever a draft holds', () => {
    const fromDraft = ['privacy-policy', 'privacy-policy', 'cookie-policy'] as never[];
    expect(reviewProgress(fromDraft)).toMatchObject({ reviewed: 1, text: '1 of 3 required documents reviewed' });
    expect(normaliseReviewed(['service-standards', 'service-agreement', 'service-standards'])).toEqual([
      'service-agreement',
      'service-standards',
    ]);
  });
});

describe('setReviewed and setAccepted', () => {
  const all = {
    reviewedDocuments: ['service-agreement', 'privacy-policy', 'service-standards'] as const,
    agreementsAccepted: true,
  };

  it('adds a document in list order and removes it', () => {
    expect(
      setReviewed({ reviewedDocuments: ['service-standards'], agreementsAccepted: false }, 'service-agreement', true),
    ).toEqual({
      reviewedDocuments: ['service-agreement', 'service-standards'],
      agreementsAccepted: false,
    });
    expect(
      setReviewed({ reviewedDocuments: ['service-standards'], agreementsAccepted: false }, 'service-standards', false),
    ).toEqual({
      reviewedDocuments: [],
      agreementsAccepted: false,
    });
  });

  it('withdraws the acceptance when a document is un-reviewed', () => {
    expect(setReviewed({ ...all, reviewedDocuments: [...all.reviewedDocuments] }, 'privacy-policy', false)).toEqual({
      reviewedDocuments: ['service-agreement', 'service-standards'],
      agreementsAccepted: false,
    });
    // Reviewing it again does not bring the acceptance back by itself.
    expect(
      setReviewed(
        { reviewedDocuments: ['service-agreement', 'service-standards'], agreementsAccepted: false },
        'privacy-policy',
        true,
      ),
    ).toEqual({
      reviewedDocuments: [...all.reviewedDocuments],
      agreementsAccepted: false,
    });
  });

  it('accepts only once every document is reviewed', () => {
    expect(
      setAccepted({ reviewedDocuments: [...all.reviewedDocuments], agreementsAccepted: false }, true)
        .agreementsAccepted,
    ).toBe(true);
    expect(
      setAccepted({ reviewedDocuments: ['service-agreement'], agreementsAccepted: false }, true).agreementsAccepted,
    ).toBe(false);
    expect(
      setAccepted({ reviewedDocuments: [...all.reviewedDocuments], agreementsAccepted: true }, false)
        .agreementsAccepted,
    ).toBe(false);
  });
});

it('names the three documents in the acceptance', () => {
  expect(acceptanceLabel()).toBe(
    'I have reviewed and accept the Service Agreement, Privacy Policy and Service Standards',
  );
});
