-- The admin activity log is append-only: the database itself refuses to change or remove a row.
CREATE FUNCTION admin_activity_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_activity is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_activity_no_update_delete
  BEFORE UPDATE OR DELETE ON admin_activity
  FOR EACH ROW EXECUTE FUNCTION admin_activity_refuse_change();
--> statement-breakpoint
CREATE TRIGGER admin_activity_no_truncate
  BEFORE TRUNCATE ON admin_activity
  FOR EACH STATEMENT EXECUTE FUNCTION admin_activity_refuse_change();
