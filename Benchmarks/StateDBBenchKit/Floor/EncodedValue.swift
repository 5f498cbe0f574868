import CSQLite

/// A value as the floor binds it: already encoded the way the store encodes it (integers as
/// INTEGER, strings as TEXT, small structs as sorted-key JSON text), so the floor pays no
/// encoding at all.
enum EncodedValue {
    case integer(Int64)
    case text(String)
    case json(String)

    /// The value's text (a text or JSON value), nil for an integer.
    var text: String? {
        switch self {
        case .integer: nil
        case .text(let text), .json(let text): text
        }
    }

    /// The store's `encoding` column for this value.
    var encoding: String {
        switch self {
        case .integer: "integer"
        case .text: "text"
        case .json: "json"
        }
    }

    func bind(to statement: RawStatement, at index: Int32) {
        switch self {
        case .integer(let value): statement.bind(value, at: index)
        case .text(let value), .json(let value): statement.bind(value, at: index)
        }
    }

    /// Binds the encoding and the value without copies and runs `body` while they are bound.
    func bindLent(to statement: RawStatement, encodingAt encodingIndex: Int32, valueAt valueIndex: Int32, _ body: () -> Void) {
        encoding.withCString { encodingText in
            statement.bindLent(encodingText, count: encoding.utf8.count, at: encodingIndex)
            switch self {
            case .integer(let value):
                statement.bind(value, at: valueIndex)
                body()
            case .text(let text), .json(let text):
                text.withCString { valueText in
                    statement.bindLent(valueText, count: text.utf8.count, at: valueIndex)
                    body()
                }
            }
        }
    }
}
