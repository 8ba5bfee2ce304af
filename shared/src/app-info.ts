/** The release label the spec shows in the public and admin footers. */
export const APP_VERSION_LABEL = 'v1.0.0807.0314';
export const APP_NAME = 'Ledgerwell';
