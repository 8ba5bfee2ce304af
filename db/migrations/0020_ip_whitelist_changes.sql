-- Every API process keeps the active IP whitelist rules in memory (api/src/features/ip-whitelist/rule-cache.ts).
-- Any write to ip_whitelist_rules (the admin routes, pnpm admin:ip-allow, plain SQL) is announced to all of them
-- on the channel ip_whitelist_changed, in the transaction that makes it: PostgreSQL delivers it when that
-- transaction commits, and each process reads the rules again. One announcement per statement: the table holds
-- a handful of rows and the payload names none of them.
CREATE FUNCTION ip_whitelist_announce() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ip_whitelist_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ip_whitelist_rules_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ip_whitelist_rules
  FOR EACH STATEMENT EXECUTE FUNCTION ip_whitelist_announce();
