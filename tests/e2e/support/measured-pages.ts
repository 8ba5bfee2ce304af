import { PRERENDERED_PATHS } from '../../../web/src/app/prerender-pages';
import { paths } from '../../../web/src/config/paths';

/**
 * The pages issue 19 measures (layout shift at 375 px, Lighthouse on a phone): every public page
 * (the prerendered ones), the verification page (which needs a real code) and the admin sign-in.
 */
export const PUBLIC_PAGES = PRERENDERED_PATHS;

/** How the verification page is named in a list of pages: its URL needs a fresh code. */
export const VERIFY_PAGE = '/verify/{code}';

export const MEASURED_PAGES: readonly string[] = [...PUBLIC_PAGES, VERIFY_PAGE, paths.admin.login];

/** The page's URL path; `code` is asked for only for the verification page. */
export async function urlOf(page: string, code: () => Promise<string>): Promise<string> {
  return page === VERIFY_PAGE ? paths.verify(await code()) : page;
}
