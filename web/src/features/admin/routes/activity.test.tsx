import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as ActivityApi from '../api/activity';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { ActivityPage } from './activity';

vi.mock('../api/activity', async (original) => ({
  ...(await original<typeof ActivityApi>()),
  fetchActivity: vi.fn(async () => ({ activities: [], total: 0, limit: 50, offset: 0 })),
}));

/** The values the Resource type field suggests. */
async function suggestedResourceTypes(role: AdminRole) {
  const { container, unmount } = render(
    <MemoryRouter>
      <ActivityPage role={role} />
    </MemoryRouter>,
  );
  await screen.findByLabelText('Resource type', {}, { timeout: 10_000 });
  const options = [...container.querySelectorAll('#activity-resource-types option')].map((o) =>
    o.getAttribute('value'),
  );
  unmount();
  return options;
}

describe('the activity screen by role (issue 27)', () => {
  it('suggests below ADMIN only the resource types every role may read, and all of them from ADMIN up', async () => {
    expect(await suggestedResourceTypes('READ_ONLY')).toEqual(['REQUEST', 'shareholder']);
    expect(await suggestedResourceTypes('REVIEWER')).toEqual(['REQUEST', 'shareholder']);
    const all = await suggestedResourceTypes('ADMIN');
    expect(all).toEqual(expect.arrayContaining(['REQUEST', 'shareholder', 'admin_user', 'ip_rule', 'PORTAL_SIGN_IN']));
  });
});
