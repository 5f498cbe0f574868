/// SQL text for PostgreSQL that the program itself wrote: the PostgreSQL side's `SQL`.
///
/// Only a string literal makes one, so the compiler refuses SQL built from a `String`: a
/// value, a key or anything read from a user cannot become SQL text, and is bound as a
/// parameter (`$1`, `$2`, … with `PostgresParameter`s). The one other way in,
/// `init(migration:)`, is for the store's own migration files (`Migrations/postgresql/`),
/// embedded at build time.
struct PostgresSQL: ExpressibleByStringLiteral, Sendable {
    /// The text, for libpq and for error messages.
    let text: String

    init(stringLiteral value: StaticString) {
        text = value.description
    }

    /// Two pieces of the program's own SQL, one after the other, with a line between them.
    static func + (lhs: PostgresSQL, rhs: PostgresSQL) -> PostgresSQL {
        PostgresSQL(text: lhs.text + "\n" + rhs.text)
    }

    private init(text: String) {
        self.text = text
    }

    /// The text of one of the dialect's own migration files, compiled into the library: trusted
    /// as the literals are. A `PostgresSchemaMigration` comes only from those files.
    init(migration: PostgresSchemaMigration) {
        text = migration.sql
    }
}
