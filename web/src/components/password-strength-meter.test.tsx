import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('the password strength meter (issue 29, item 11)', () => {
  it('rates "password1" Weak and says why, once its dictionaries have loaded', async () => {
    render(<PasswordStrengthMeter password="password1" />);
    expect(await screen.findByText('This is a commonly used password.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Weak')).toBeTruthy();
  });

  it('rates a long, unusual password Strong', async () => {
    render(<PasswordStrengthMeter password="Tulip-Ferry-Anvil9" />);
    expect(await screen.findByText('Strong', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
