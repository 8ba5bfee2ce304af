import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as OutboxApi from '../api/outbox';
import { fetchOutbox } from '../api/outbox';
import { OutboxPage } from './outbox';

vi.mock('../api/outbox', async (original) => ({
  ...(await original<typeof OutboxApi>()),
  fetchOutbox: vi.fn(() => new Promise(() => undefined)),
}));

describe('the mail log (issue 29, item 15)', () => {
  it.each(['READ_ONLY', 'REVIEWER'] as const)(
    'tells a %s it is not theirs, once, and asks the server nothing',
    (role) => {
      render(
        <MemoryRouter>
          <OutboxPage role={role} />
        </MemoryRouter>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
      expect(screen.queryByText(/Recipients are masked/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(fetchOutbox).not.toHaveBeenCalled();
    },
  );

  it('opens for an ADMIN, with recipients masked', () => {
    render(
      <MemoryRouter>
        <OutboxPage role="ADMIN" />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Recipients are masked/)).toBeTruthy();
    expect(fetchOutbox).toHaveBeenCalled();
  });
});
