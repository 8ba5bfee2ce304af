import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SubmittedApplication } from '@ledgerwell/shared/issuer-onboarding-rules';
import { sampleOnboardingForm } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { site } from '../../../config/site';
import { CONFIRMATION_ROOT_CLASS, OnboardingConfirmation } from './confirmation';

const application = (over: Partial<SubmittedApplication> = {}): SubmittedApplication => ({
  ...sampleOnboardingForm(),
  onboardingId: 'issuer_1767607200000_k3j5h2g9a1',
  submittedAt: '2026-01-05T15:00:00.000Z',
  signatureDate: '2026-01-05T15:00:00.000Z',
  ...over,
});

const render = (app: SubmittedApplication) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(OnboardingConfirmation, { application: app, onStartNew: () => undefined }),
    ),
  );

/** The page's text with tags dropped, and each summary row as 'label: value'. */
const text = (html: string) =>
  html
    .replace(/<dt>(.*?)<\/dt><dd>/g, '$1: ')
    .replace(/<br\/>/g, ' / ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('OnboardingConfirmation', () => {
  it('shows the heading, the application id and the whole submission summary', () => {
    const html = render(application());
    const page = text(html);
    expect(html).toContain(`class="${CONFIRMATION_ROOT_CLASS}"`);
    expect(html).toMatch(/<h2 id="[^"]+" tabindex="-1">Onboarding Complete!<\/h2>/);
    expect(page).toContain('Application ID: issuer_1767607200000_k3j5h2g9a1');
    for (const row of [
      'Company name: Acme Robotics, Inc.',
      'Legal name: Acme Robotics Incorporated',
      'Entity type: Corporation (C-Corp or S-Corp)',
      'Name: Ada Lovelace',
      'E-mail: ada@acme.example',
      'Phone: (555) 010-2000',
      'Address: 1 Main Street / Wilmington, DE 19801 / United States',
      'State of incorporation: Delaware',
      'Date of incorporation: March 14, 2019',
      'EIN: **-***6789',
      'Business description: Industrial robots for small factories.',
      'Expected shareholders: 51-100 shareholders',
      'Signed by: Ada Lovelace',
      'Title: CEO',
      'Date signed: January 5, 2026',
    ]) {
      expect(page).toContain(row);
    }
    expect(page).not.toContain('3456789');
  });

  it("says 'Not provided' and 'Not specified' for what was left empty", () => {
    const page = text(
      render(
        application({ description: '  ', shareholder_count: '', address_line2: 'Suite 4', incorporation_date: '' }),
      ),
    );
    expect(page).toContain('Business description: Not provided');
    expect(page).toContain('Expected shareholders: Not specified');
    expect(page).toContain('Date of incorporation: Not provided');
    expect(page).toContain('Address: 1 Main Street / Suite 4 / Wilmington, DE 19801 / United States');
    expect(text(render(application({ shareholder_count: '1000+' })))).toContain(
      'Expected shareholders: More than 1000 shareholders',
    );
  });

  it('lists the next steps, all pending, the support contacts and the two actions', () => {
    const html = render(application());
    const page = text(html);
    for (const step of [
      'Initial Review 1-2 business days Pending',
      'Documentation Verification 2-3 business days Pending',
      'Account Setup 1-2 business days Pending',
      'Onboarding Complete 5-7 business days total Pending',
    ]) {
      expect(page).toContain(step);
    }
    expect(html).toContain(`href="mailto:${site.support.email}"`);
    expect(html).toContain(`href="${site.support.phone.href}"`);
    expect(page).toContain('Monday to Friday, 8:00 a.m. to 6:00 p.m. Pacific');
    expect(page).toContain(site.support.helpCenter.host);
    expect(html).toMatch(/<button type="button" class="button">Print Confirmation<\/button>/);
    expect(html).toMatch(/<a class="button button--secondary"[^>]*href="\/"[^>]*>Return to Home<\/a>/);
  });
});
