/** A page of a list in the shape the paged screens show (PagedResults): its rows and where it stands. */
export interface ListPage<T> {
  rows: T[];
  pagination: { page: number; totalPages: number; totalCount: number };
}

/** An API answer paged by `page` and `limit` with its `total`, as a ListPage. */
export const pageOf = <T>(body: { data: T[]; total: number; page: number; limit: number }): ListPage<T> => ({
  rows: body.data,
  pagination: { page: body.page, totalPages: Math.max(1, Math.ceil(body.total / body.limit)), totalCount: body.total },
});
