import { REQUIRED_DOCUMENTS, type DocumentId } from '@ledgerwell/shared/issuer-onboarding-rules';

export interface DocumentsValue {
  reviewedDocuments: DocumentId[];
  agreementsAccepted: boolean;
}

export interface ReviewProgress {
  reviewed: number;
  total: number;
  percent: number;
  /** 'N of M required documents reviewed' (spec 2.6). */
  text: string;
  complete: boolean;
}

const REQUIRED_IDS: readonly DocumentId[] = REQUIRED_DOCUMENTS.map((document) => document.id);

/** Only required ids, each once, in the order the documents are listed. */
export function normaliseReviewed(ids: readonly DocumentId[]): DocumentId[] {
  return REQUIRED_IDS.filter((id) => ids.includes(id));
}

export function reviewProgress(reviewedDocuments: readonly DocumentId[]): ReviewProgress {
  const reviewed = normaliseReviewed(reviewedDocuments).length;
  const total = REQUIRED_IDS.length;
  return {
    reviewed,
    total,
    percent: total === 0 ? 100 : Math.round((reviewed / total) * 100),
    text: `${reviewed} of ${total} required documents reviewed`,
    complete: reviewed === total,
  };
}

/**
 * Marks one document reviewed or not. Acceptance only stands while every document is reviewed:
 * un-reviewing one withdraws it.
 */
export function setReviewed(current: DocumentsValue, id: DocumentId, reviewed: boolean): DocumentsValue {
  const others = current.reviewedDocuments.filter((other) => other !== id);
  const reviewedDocuments = normaliseReviewed(reviewed ? [...others, id] : others);
  const agreementsAccepted = current.agreementsAccepted && reviewProgress(reviewedDocuments).complete;
  return { reviewedDocuments, agreementsAccepted };
}

/** Acceptance can only be given once every required document is reviewed. */
export function setAccepted(current: DocumentsValue, accepted: boolean): DocumentsValue {
  return {
    reviewedDocuments: normaliseReviewed(current.reviewedDocuments),
    agreementsAccepted: accepted && reviewProgress(current.reviewedDocuments).complete,
  };
}

/** 'the Service Agreement, Privacy Policy and Service Standards' from the required titles. */
export function acceptanceLabel(): string {
  const titles = REQUIRED_DOCUMENTS.map((document) => document.title);
  const list =
    titles.length < 2 ? titles.join('') : `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;
  return `I have reviewed and accept the ${list}`;
}
