/** 'Showing page X of Y (N total)' (spec 2.4). */
export const pageSummary = (page: number, totalPages: number, totalCount: number) =>
  `Showing page ${page} of ${Math.max(1, totalPages)} (${totalCount.toLocaleString('en-US')} total)`;
