import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DocumentId } from '@ledgerwell/shared/issuer-onboarding-rules';
import { DOCUMENTS_STEP_IDS, DocumentsStep, type DocumentsStepProps } from './documents-step';

// The unit project runs in Node without a DOM: the step is rendered to HTML and read back. The
// state changes behind the clicks are tested in documents-state.test.ts.
function render(over: Partial<DocumentsStepProps> = {}) {
  const props: DocumentsStepProps = {
    reviewedDocuments: [],
    agreementsAccepted: false,
    errors: {},
    onChange: () => {},
    ...over,
  };
  return renderToStaticMarkup(createElement(DocumentsStep, props));
}

const checkboxes = (html: string) => [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((match) => match[0]);
const ALL: DocumentId[] = ['service-agreement', 'privacy-policy', 'service-standards'];

describe('DocumentsStep', () => {
  it('lists each document with Open and a review checkbox that stays disabled until the document is opened', () => {
    const html = render();
    for (const title of ['Service Agreement', 'Privacy Policy', 'Service Standards']) {
      expect(html).toContain(`aria-label="Open ${title}"`);
      expect(html).toContain(`Mark as reviewed<span class="visually-hidden"> for ${title}</span>`);
    }
    const boxes = checkboxes(html);
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      expect(box).toContain('disabled=""');
      expect(box).toMatch(/aria-describedby="[a-z-]+-review-hint"/);
    }
    expect(html.match(/Open the document to review it/g)).toHaveLength(3);
  });

  it('shows the progress as text and as a named progressbar, and no acceptance before all are reviewed', () => {
    const html = render({ reviewedDocuments: ['privacy-policy'] });
    expect(html).toContain('1 of 3 required documents reviewed');
    expect(html).toMatch(
      /role="progressbar" aria-labelledby="[^"]+" aria-valuemin="0" aria-valuemax="100" aria-valuenow="33"/,
    );
    expect(html).toContain('style="width:33%"');
    expect(html).not.toContain('I have reviewed and accept');
    // A document reviewed in a restored draft counts as opened: its checkbox is live and checked.
    const [agreement, privacy] = checkboxes(html);
    expect(agreement).toContain('disabled=""');
    expect(privacy).not.toContain('disabled');
    expect(privacy).toContain('checked=""');
  });

  it('offers the acceptance once every document is reviewed', () => {
    const html = render({ reviewedDocuments: ALL });
    expect(html).toContain('3 of 3 required documents reviewed');
    expect(html).toContain('I have reviewed and accept the Service Agreement, Privacy Policy and Service Standards');
    const boxes = checkboxes(html);
    expect(boxes).toHaveLength(4);
    expect(boxes[3]).toContain(`id="${DOCUMENTS_STEP_IDS.agreementsAccepted}"`);
    expect(boxes[3]).not.toContain('checked');
    expect(checkboxes(render({ reviewedDocuments: ALL, agreementsAccepted: true }))[3]).toContain('checked=""');
  });

  it('renders the field messages under the list and the checkbox, tied by id', () => {
    const html = render({
      reviewedDocuments: ALL,
      errors: {
        documents_reviewed: 'Please review all documents',
        agreements_accepted: 'Please accept the agreements',
      },
    });
    expect(html).toContain(
      `<p id="${DOCUMENTS_STEP_IDS.documentsReviewedError}" class="field__error">Please review all documents</p>`,
    );
    expect(html).toContain(
      `<p id="${DOCUMENTS_STEP_IDS.agreementsAcceptedError}" class="field__error">Please accept the agreements</p>`,
    );
    expect(html).toContain(`aria-describedby="${DOCUMENTS_STEP_IDS.documentsReviewedError}"`);
    expect(checkboxes(html)[3]).toContain(
      `aria-invalid="true" aria-describedby="${DOCUMENTS_STEP_IDS.agreementsAcceptedError}"`,
    );
    expect(render()).not.toContain('field__error');
  });
});
