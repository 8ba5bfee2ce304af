// Zod-free: the portal page's first view reads the link from its address before any sign-in code loads.

/** Where an e-mailed sign-in link lands (decision 018): the portal page, the token in the fragment, never sent to a server or its log. */
export const PORTAL_SIGN_IN_LINK_FRAGMENT = 'sign-in-link';

const LINK_IN_FRAGMENT = new RegExp(`^#${PORTAL_SIGN_IN_LINK_FRAGMENT}=([A-Za-z0-9_-]{1,100})$`);

/** The token in an address fragment such as `#sign-in-link=...`, or null. */
/** Longer than any link's fragment: such an address holds no link, and the pattern never sees it. */
const FRAGMENT_MAX_LENGTH = 1 + PORTAL_SIGN_IN_LINK_FRAGMENT.length + 1 + 100;

export const signInLinkToken = (hash: string): string | null =>
  hash.length > FRAGMENT_MAX_LENGTH ? null : (LINK_IN_FRAGMENT.exec(hash)?.[1] ?? null);
