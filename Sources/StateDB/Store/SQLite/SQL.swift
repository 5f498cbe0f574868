/// SQL text the program itself wrote: every statement the store runs is one of these.
///
/// Only a string literal makes one, so the compiler refuses SQL built from a `String`: a
/// value, a key or anything read from a user cannot become SQL text, and must be bound as a
/// parameter (`?1`, `bind(_:at:)`). The interpolation accepts integers only (written as their
/// decimal digits, which cannot carry SQL; pragmas take no parameters). Fragments join with
/// `+`. The one other way in, `init(migration:)`, is for the store's own migration files,
/// embedded at build time.
struct SQL: ExpressibleByStringInterpolation, Sendable {
    /// The literal itself while the text is one literal: a statement cache finds it by its
    /// address, one word compared, where comparing texts cost ~800 instructions per lookup.
    /// No `String` is made of it until one is needed (a statement is prepared once, and
    /// looked up at every use).
    let literal: StaticString?
    private let composed: String

    init(stringLiteral value: StaticString) {
        literal = value
        composed = ""
    }

    init(stringInterpolation: Interpolation) {
        literal = nil
        composed = stringInterpolation.text
    }

    /// The text of one of the store's own schema migrations (`Migrations/NNNN_name.sql`),
    /// compiled into the library by the EmbedMigrations plugin: trusted as the literals are,
    /// being part of the program and never read at run time. A `SchemaMigration` comes only
    /// from those files (it has no public initializer), so nothing else can come through here.
    init(migration: SchemaMigration) {
        self.init(text: migration.sql)
    }

    /// The statements of this SQL, one by one (a trigger whole), for running a migration a
    /// statement at a time so that a failure names its statement.
    var statements: [SQL] { SchemaMigrator.statements(of: text).map(SQL.init(text:)) }

    private init(text: String) {
        literal = nil
        composed = text
    }

    /// The text, for SQLite and for error messages.
    var text: String { literal?.description ?? composed }

    /// Two fragments of trusted SQL, one after the other.
    static func + (lhs: SQL, rhs: SQL) -> SQL { SQL(text: lhs.text + rhs.text) }

    /// Fragments of trusted SQL with `separator` between them, joined in one buffer (a chain of
    /// `+` copies the text made so far at each step).
    static func joined(_ fragments: [SQL], separator: SQL) -> SQL {
        SQL(text: fragments.map(\.text).joined(separator: separator.text))
    }

    /// The address a literal's text lives at, which identifies it for as long as the
    /// program runs; nil for composed text.
    var literalAddress: UnsafeRawPointer? {
        guard let literal, literal.hasPointerRepresentation else { return nil }
        return UnsafeRawPointer(literal.utf8Start)
    }

    /// Builds SQL from literal pieces and integers; there is no way to interpolate a `String`.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) { text += literal.description }

        /// An integer, written as its decimal digits.
        mutating func appendInterpolation<Integer: FixedWidthInteger>(_ value: Integer) { text += String(value) }
    }
}

/// The integer pragmas the store reads: a closed set, so a pragma name is never text from
/// elsewhere.
enum SQLPragma: Sendable {
    case applicationID, userVersion, schemaVersion, dataVersion

    /// `PRAGMA name`, as a literal (so the statement cache finds it by its address).
    var query: SQL {
        switch self {
        case .applicationID: "PRAGMA application_id"
        case .userVersion: "PRAGMA user_version"
        case .schemaVersion: "PRAGMA schema_version"
        case .dataVersion: "PRAGMA data_version"
        }
    }
}
