import { sessionTokens } from './session-token';

/** The admin session token lives in localStorage under 'adminToken' (admin-request-review spec 6). */
export const ADMIN_TOKEN_KEY = sessionTokens.admin.key;

export const getAdminToken = (): string | null => sessionTokens.admin.get();
export const setAdminToken = (token: string): void => sessionTokens.admin.set(token);
export const clearAdminToken = (): void => sessionTokens.admin.clear();
