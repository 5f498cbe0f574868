// Written by PostgresExpectedSchemaTests from a database the migrations made; do not edit.

/// The objects the PostgreSQL dialect's migrations (`Migrations/postgresql/`) create, as
/// `PostgresSchemaObjects.read` describes them in a database they made: what `statedb
/// check` compares a store's schema with. SQLite's are found at build time by running its
/// migrations in memory (`ExpectedSchema`); these need a server, so they are written down
/// and `PostgresExpectedSchemaTests` holds them to the migrations on a real one.
enum PostgresExpectedSchema {
    /// The dialect's schema version these are the objects of.
    static let version = 2

    static let objects: [SchemaObject] = [
    SchemaObject(type: "function", name: "statedb_stamp_slot()", table: "",
                 sql: #"""
CREATE OR REPLACE FUNCTION statedb_stamp_slot()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    NEW.version := statedb_transaction_tick();
    IF TG_OP = 'UPDATE' AND NEW.key IS DISTINCT FROM OLD.key THEN
        INSERT INTO slot_tombstones (key, version) VALUES (OLD.key, NEW.version)
        ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version;
    END IF;
    RETURN NEW;
END
$function$

"""#),
    SchemaObject(type: "function", name: "statedb_tombstone_slot()", table: "",
                 sql: #"""
CREATE OR REPLACE FUNCTION statedb_tombstone_slot()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
    tick bigint := statedb_transaction_tick();
BEGIN
    INSERT INTO slot_tombstones AS t (key, version) VALUES (OLD.key, tick)
    ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version WHERE t.version IS DISTINCT FROM EXCLUDED.version;
    RETURN OLD;
END
$function$

"""#),
    SchemaObject(type: "function", name: "statedb_transaction_tick()", table: "",
                 sql: #"""
CREATE OR REPLACE FUNCTION statedb_transaction_tick()
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
    transaction_id xid8 := pg_current_xact_id();
    mark text := current_setting('statedb.tick', true);
    clock_tick bigint;
    advanced_here boolean;
BEGIN
    IF mark IS NOT NULL AND split_part(mark, ':', 1) = transaction_id::text THEN
        RETURN split_part(mark, ':', 2)::bigint;
    END IF;
    SELECT tick, xmin = transaction_id::xid INTO clock_tick, advanced_here FROM statedb_clock WHERE id = 1;
    IF clock_tick IS NULL THEN
        RAISE EXCEPTION 'statedb_clock has no row; restore the database from a backup';
    END IF;
    IF NOT advanced_here THEN
        UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 RETURNING tick INTO clock_tick;
        PERFORM pg_notify('statedb_changes', clock_tick::text);
    END IF;
    PERFORM set_config('statedb.tick', transaction_id::text || ':' || clock_tick, true);
    RETURN clock_tick;
END
$function$

"""#),
    SchemaObject(type: "index", name: "app_migrations_pkey", table: "app_migrations",
                 sql: "CREATE UNIQUE INDEX app_migrations_pkey ON app_migrations USING btree (name)"),
    SchemaObject(type: "index", name: "quarantine_by_key", table: "quarantine",
                 sql: "CREATE INDEX quarantine_by_key ON quarantine USING btree (key)"),
    SchemaObject(type: "index", name: "quarantine_pkey", table: "quarantine",
                 sql: "CREATE UNIQUE INDEX quarantine_pkey ON quarantine USING btree (id)"),
    SchemaObject(type: "index", name: "slot_tombstones_pkey", table: "slot_tombstones",
                 sql: "CREATE UNIQUE INDEX slot_tombstones_pkey ON slot_tombstones USING btree (key)"),
    SchemaObject(type: "index", name: "slots_by_identity", table: "slots",
                 sql: "CREATE INDEX slots_by_identity ON slots USING btree (identity)"),
    SchemaObject(type: "index", name: "slots_by_key_bytes", table: "slots",
                 sql: "CREATE INDEX slots_by_key_bytes ON slots USING btree (key COLLATE \"C\")"),
    SchemaObject(type: "index", name: "slots_by_version", table: "slots",
                 sql: "CREATE INDEX slots_by_version ON slots USING btree (version)"),
    SchemaObject(type: "index", name: "slots_pkey", table: "slots",
                 sql: "CREATE UNIQUE INDEX slots_pkey ON slots USING btree (key)"),
    SchemaObject(type: "index", name: "statedb_adoptions_by_key", table: "statedb_adoptions",
                 sql: "CREATE INDEX statedb_adoptions_by_key ON statedb_adoptions USING btree (key)"),
    SchemaObject(type: "index", name: "statedb_adoptions_pkey", table: "statedb_adoptions",
                 sql: "CREATE UNIQUE INDEX statedb_adoptions_pkey ON statedb_adoptions USING btree (id)"),
    SchemaObject(type: "index", name: "statedb_clock_pkey", table: "statedb_clock",
                 sql: "CREATE UNIQUE INDEX statedb_clock_pkey ON statedb_clock USING btree (id)"),
    SchemaObject(type: "index", name: "statedb_explicit_keys_pkey", table: "statedb_explicit_keys",
                 sql: "CREATE UNIQUE INDEX statedb_explicit_keys_pkey ON statedb_explicit_keys USING btree (key)"),
    SchemaObject(type: "index", name: "statedb_schema_migrations_pkey", table: "statedb_schema_migrations",
                 sql: "CREATE UNIQUE INDEX statedb_schema_migrations_pkey ON statedb_schema_migrations USING btree (version)"),
    SchemaObject(type: "index", name: "statedb_store_pkey", table: "statedb_store",
                 sql: "CREATE UNIQUE INDEX statedb_store_pkey ON statedb_store USING btree (id)"),
    SchemaObject(type: "table", name: "app_migrations", table: "app_migrations",
                 sql: "CREATE TABLE app_migrations (name text NOT NULL, \"position\" integer NOT NULL, applied_at bigint NOT NULL, CONSTRAINT app_migrations_pkey PRIMARY KEY (name))"),
    SchemaObject(type: "table", name: "quarantine", table: "quarantine",
                 sql: "CREATE TABLE quarantine (id bigint GENERATED ALWAYS AS IDENTITY NOT NULL, key text NOT NULL, identity text NOT NULL, property text NOT NULL, stored_type text NOT NULL, expected_type text NOT NULL, encoding text NOT NULL, value text, blob bytea, error text NOT NULL, quarantined_at bigint NOT NULL, CONSTRAINT quarantine_pkey PRIMARY KEY (id))"),
    SchemaObject(type: "table", name: "slot_tombstones", table: "slot_tombstones",
                 sql: "CREATE TABLE slot_tombstones (key text NOT NULL, version bigint NOT NULL, CONSTRAINT slot_tombstones_pkey PRIMARY KEY (key))"),
    SchemaObject(type: "table", name: "slots", table: "slots",
                 sql: "CREATE TABLE slots (key text NOT NULL, identity text NOT NULL, property text NOT NULL, type text NOT NULL, encoding text NOT NULL, value text, blob bytea, created_at bigint NOT NULL, updated_at bigint NOT NULL, seen_at bigint NOT NULL, version bigint DEFAULT 0 NOT NULL, CONSTRAINT slots_encoding_check CHECK ((encoding = ANY (ARRAY[\'null\'::text, \'bool\'::text, \'integer\'::text, \'real\'::text, \'text\'::text, \'blob\'::text, \'json\'::text]))), CONSTRAINT slots_pkey PRIMARY KEY (key), CONSTRAINT slots_value_fits_encoding CHECK ((((encoding = \'blob\'::text) OR (blob IS NULL)) AND ((encoding = ANY (ARRAY[\'null\'::text, \'blob\'::text])) = (value IS NULL)))))"),
    SchemaObject(type: "table", name: "statedb_adoptions", table: "statedb_adoptions",
                 sql: "CREATE TABLE statedb_adoptions (id bigint GENERATED ALWAYS AS IDENTITY NOT NULL, key text NOT NULL, from_key text NOT NULL, type text NOT NULL, adopted_at bigint NOT NULL, CONSTRAINT statedb_adoptions_pkey PRIMARY KEY (id))"),
    SchemaObject(type: "table", name: "statedb_clock", table: "statedb_clock",
                 sql: "CREATE TABLE statedb_clock (id integer NOT NULL, tick bigint NOT NULL, CONSTRAINT statedb_clock_id_check CHECK ((id = 1)), CONSTRAINT statedb_clock_pkey PRIMARY KEY (id))"),
    SchemaObject(type: "table", name: "statedb_explicit_keys", table: "statedb_explicit_keys",
                 sql: "CREATE TABLE statedb_explicit_keys (key text NOT NULL, CONSTRAINT statedb_explicit_keys_pkey PRIMARY KEY (key))"),
    SchemaObject(type: "table", name: "statedb_schema_migrations", table: "statedb_schema_migrations",
                 sql: "CREATE TABLE statedb_schema_migrations (version integer NOT NULL, name text NOT NULL, checksum text NOT NULL, applied_at bigint NOT NULL, CONSTRAINT statedb_schema_migrations_pkey PRIMARY KEY (version))"),
    SchemaObject(type: "table", name: "statedb_store", table: "statedb_store",
                 sql: "CREATE TABLE statedb_store (id integer NOT NULL, application text NOT NULL, schema_version integer NOT NULL, CONSTRAINT statedb_store_application_check CHECK ((application = \'statedb\'::text)), CONSTRAINT statedb_store_id_check CHECK ((id = 1)), CONSTRAINT statedb_store_pkey PRIMARY KEY (id))"),
    SchemaObject(type: "trigger", name: "slots_stamp_insert", table: "slots",
                 sql: "CREATE TRIGGER slots_stamp_insert BEFORE INSERT ON slots FOR EACH ROW WHEN ((new.version = 0)) EXECUTE FUNCTION statedb_stamp_slot()"),
    SchemaObject(type: "trigger", name: "slots_stamp_update", table: "slots",
                 sql: "CREATE TRIGGER slots_stamp_update BEFORE UPDATE ON slots FOR EACH ROW WHEN (((new.version = old.version) AND ((new.value IS DISTINCT FROM old.value) OR (new.blob IS DISTINCT FROM old.blob) OR (new.type IS DISTINCT FROM old.type) OR (new.encoding IS DISTINCT FROM old.encoding) OR (new.key IS DISTINCT FROM old.key)))) EXECUTE FUNCTION statedb_stamp_slot()"),
    SchemaObject(type: "trigger", name: "slots_tombstone", table: "slots",
                 sql: "CREATE TRIGGER slots_tombstone AFTER DELETE ON slots FOR EACH ROW EXECUTE FUNCTION statedb_tombstone_slot()"),
    ]
}
