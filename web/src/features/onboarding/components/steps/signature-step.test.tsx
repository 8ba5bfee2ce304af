import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleOnboardingForm } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { SignatureStep } from './signature-step';

const renderStep = (legal_name: string) =>
  render(<SignatureStep form={{ ...sampleOnboardingForm(), legal_name }} errors={{}} onChange={() => undefined} />);

describe('the signature step (issue 29, item 10)', () => {
  it('ends a sentence on a legal name that has its own full stop with one stop, not "Inc.."', () => {
    const { container } = renderStep('Acme Holdings, Inc.');
    expect(container.textContent).toContain('on behalf of Acme Holdings, Inc. Your signature');
    expect(container.textContent).toContain('on behalf of Acme Holdings, Inc. I agree');
    expect(container.textContent).not.toContain('Inc..');
  });

  it('adds the stop when the name has none', () => {
    const { container } = renderStep('Acme Robotics Incorporated');
    expect(container.textContent).toContain('on behalf of Acme Robotics Incorporated. Your signature');
  });

  it('shows the agreement it asks the signer to accept', () => {
    renderStep('Acme Holdings, Inc.');
    expect(screen.queryByText(/below\./)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Read the Service Agreement again' }));
    const dialog = screen.getByRole('dialog', { name: 'Service Agreement' });
    expect(within(dialog).getByText(/This Service Agreement/)).toBeTruthy();
  });
});
