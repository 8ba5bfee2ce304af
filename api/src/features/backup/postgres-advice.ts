/** What the backup commands say with DATABASE_URL: PostgreSQL and object stores have their own tools. */
export const POSTGRES_BACKUP_ADVICE = [
  'DATABASE_URL is set: these commands back up the embedded database only.',
  'Back up PostgreSQL with its own tools (pg_dump -Fc "$DATABASE_URL" > ledgerwell.dump; restore with pg_restore -d <url> ledgerwell.dump),',
  "and keep photos with the object store's versioning (S3_BUCKET); see the README's Backups section.",
].join('\n');
