import type { ComponentType } from 'react';
import type { DocumentId } from '@ledgerwell/shared/issuer-onboarding-rules';
import { PrivacyPolicy } from './privacy-policy';
import { ServiceAgreement } from './service-agreement';
import { ServiceStandards } from './service-standards';

export interface DocumentContent {
  /** One line under the title in the documents list. */
  summary: string;
  Body: ComponentType;
}

/** The text behind each required document (titles come from REQUIRED_DOCUMENTS). */
export const DOCUMENT_CONTENT: Readonly<Record<DocumentId, DocumentContent>> = {
  'service-agreement': {
    summary: 'Who does what, service levels, fees, term and termination, confidentiality and data security.',
    Body: ServiceAgreement,
  },
  'privacy-policy': {
    summary: "How your company's and your shareholders' information is used, shared, protected and retained.",
    Body: PrivacyPolicy,
  },
  'service-standards': {
    summary: 'The measurable standards we commit to and how results are reported each month.',
    Body: ServiceStandards,
  },
};
