import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('without an error: labelled, not invalid, described by nothing', () => {
    render(<TextField label="ZIP code" name="postalCode" defaultValue="" />);
    const input = screen.getByLabelText('ZIP code');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.closest('.field')?.classList.contains('field--invalid')).toBe(false);
  });

  it('with an error: shows it under the input, marks the input invalid and ties the error to it', () => {
    render(
      <TextField label="ZIP code" name="postalCode" defaultValue="1234" error="ZIP code must be 5 digits or 5+4" />,
    );
    const input = screen.getByLabelText('ZIP code');
    const error = screen.getByText('ZIP code must be 5 digits or 5+4');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(error.id).not.toBe('');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(input.closest('.field')?.classList.contains('field--invalid')).toBe(true);
  });

  it('a description and an error are both announced, the description first', () => {
    render(
      <TextField
        label="Password"
        type="password"
        description={<span>Password strength: Weak</span>}
        error="Too short"
      />,
    );
    const input = screen.getByLabelText('Password');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids).toHaveLength(2);
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['Password strength: Weak', 'Too short']);
  });

  it('the error goes away when the caller clears it, and typing reaches the input', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<TextField label="City" error="City is required" />);
    await user.type(screen.getByLabelText('City'), 'Boston');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Boston');
    rerender(<TextField label="City" error={undefined} />);
    expect(screen.queryByText('City is required')).toBeNull();
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBeNull();
  });
});
