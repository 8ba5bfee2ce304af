/** The signed-in portal's first heading: the sign-in moves focus to it (its own module, so the page need not load the dashboard to name it). */
export const WELCOME_HEADING_ID = 'portal-welcome';
