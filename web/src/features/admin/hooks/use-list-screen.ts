import { useCallback, useState } from 'react';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { useApiData } from '../../../hooks/use-api-data';
import { useBanner } from './use-banner';
import { useListFilters } from './use-list-filters';

/** What the admin area hands a list screen (contact submissions, issuer applications). */
export interface ListScreenProps {
  role: AdminRole;
}

/**
 * A server-paged list screen's state (spec 2.4, 2.5): its filters and page, the page of rows and
 * the stat cards loaded side by side, the row open in the detail, the page's banner, and what the
 * role may do there: REVIEWER and up change a row, ADMIN and up export. `refresh` reloads rows and
 * cards after a change made in the detail. Spec 8: a stats failure is only logged.
 */
export function useListScreen<F extends { search: string }, L, S>(
  role: AdminRole,
  none: F,
  loadPage: (filters: F, page: number, signal: AbortSignal) => Promise<L>,
  loadStats: (signal: AbortSignal) => Promise<S>,
  statsName: string,
) {
  const filtering = useListFilters(none);
  const { filters, page } = filtering;
  const [openId, setOpenId] = useState<string | null>(null);
  const { banner, show } = useBanner();
  const list = useApiData(JSON.stringify([filters, page]), (signal) => loadPage(filters, page, signal));
  const stats = useApiData(`${statsName} statistics`, (signal) =>
    loadStats(signal).catch((error: unknown) => {
      console.error(`Failed to load ${statsName} statistics`, error);
      return null;
    }),
  );
  const reloadList = list.reload;
  const reloadStats = stats.reload;
  const refresh = useCallback(() => {
    reloadList();
    reloadStats();
  }, [reloadList, reloadStats]);
  return {
    ...filtering,
    list,
    stats: stats.data,
    refresh,
    openId,
    setOpenId,
    banner,
    show,
    canChange: ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.REVIEWER,
    canExport: ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.ADMIN,
  };
}
