-- Every API process keeps the sessions it has checked in memory (api/src/features/admin-auth/session-cache.ts).
-- Any change to an admin user, or a session revoked, expired or removed, is announced to all of them on the
-- channel admin_auth_changed with the user's id ('*' for all), in the transaction that makes it: PostgreSQL
-- delivers it when that transaction commits. Touching last_seen_at announces nothing.
CREATE FUNCTION admin_auth_announce_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_auth_changed', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION admin_auth_announce_session() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_auth_changed', OLD.admin_user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION admin_auth_announce_all() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_auth_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_users_announce AFTER UPDATE OR DELETE ON admin_users
  FOR EACH ROW EXECUTE FUNCTION admin_auth_announce_user();
--> statement-breakpoint
CREATE TRIGGER admin_users_announce_truncate AFTER TRUNCATE ON admin_users
  FOR EACH STATEMENT EXECUTE FUNCTION admin_auth_announce_all();
--> statement-breakpoint
CREATE TRIGGER admin_sessions_announce AFTER UPDATE OF revoked_at, expires_at, admin_user_id, token_hash OR DELETE ON admin_sessions
  FOR EACH ROW EXECUTE FUNCTION admin_auth_announce_session();
--> statement-breakpoint
CREATE TRIGGER admin_sessions_announce_truncate AFTER TRUNCATE ON admin_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION admin_auth_announce_all();
