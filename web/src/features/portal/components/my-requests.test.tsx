import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectLoadFailure } from '../../../test/load-failure';
import { PORTAL_MESSAGES } from '../labels';
import { MyRequests } from './my-requests';

describe('Your requests', () => {
  it('shows the shared failure box when the list cannot be loaded, and asks again on Try again', async () => {
    const onRetry = vi.fn();
    render(<MyRequests state={{ status: 'failed' }} onRetry={onRetry} onSessionExpired={vi.fn()} />);
    expectLoadFailure(screen.getByRole('alert'), PORTAL_MESSAGES.requestsFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says there are none yet when the list is empty', () => {
    render(<MyRequests state={{ status: 'ready', requests: [] }} onRetry={vi.fn()} onSessionExpired={vi.fn()} />);
    expect(screen.getByText(PORTAL_MESSAGES.noRequests)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
