/// A JSON value that keeps each number as written, so integer ranges can be checked exactly
/// (`18446744073709551615` fits a `UInt64`, `1.5` fits no integer), and keeps object members
/// in order, so output reads in the order it was built.
///
/// ```swift
/// let value = try JSONValue.parse(#"{"size": 3, "tags": ["a"]}"#)
/// value.serialized(sortedKeys: true)   // {"size":3,"tags":["a"]}
/// ```
@_spi(Admin) public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The literal text of a number, valid by the JSON grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in order; keys are unique.
    case object([Member])

    /// One `"key": value` of an object.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The member named `key` of an object; nil for other values.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The kind, as a phrase for messages: "a string", "an object".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `text` as a JSON string literal, for messages: `"a \"b\""`.
    public static func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }

    /// The number's literal when it is a whole number written without fraction or exponent.
    var integerLiteral: String? {
        // By bytes, not Characters: grapheme breaking made this ~1,400 instructions a number,
        // most of what checking an integer slot cost `export`.
        guard case .number(let literal) = self,
              !literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return nil }
        return literal
    }
}

// MARK: - Writing

extension JSONValue {
    /// The value as JSON text: compact, or indented by two spaces when `pretty`.
    ///
    /// Control characters, C1 controls, line and paragraph separators and bidirectional
    /// overrides in strings are written as `\uXXXX`, so the text is safe to show in a terminal.
    public func serialized(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var output: [UInt8] = []
        append(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    static func writeString(_ value: String, to output: inout String) {
        var bytes: [UInt8] = []
        JSONValue.appendString(value, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }
}

/// Characters that must never reach a terminal raw from stored data.
@_spi(Admin) public enum TerminalSafety {
    /// C0 and C1 controls, DEL, line/paragraph separators and bidirectional controls (which
    /// can make text display differently from what it is).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

// MARK: - Reading

extension JSONValue {
    /// Parses JSON text (RFC 8259; any value at the top, surrounding whitespace allowed).
    /// - Throws: `JSONSyntaxError` with the position and what was expected.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }

    /// Parses the one value at the start of `bytes` exactly as `parse` would parse it nested
    /// `depth` levels deep in a larger document (the export reader hands it one slot at a
    /// time); returns the value and how many bytes it took. Positions in errors count from 1
    /// at the start of `bytes`.
    static func parseValue(prefixOf bytes: [UInt8], depth: Int) throws(JSONSyntaxError) -> (value: JSONValue, length: Int) {
        var parser = JSONParser(bytes: bytes)
        parser.depth = depth
        let value = try parser.parseValue()
        return (value, parser.index)
    }
}

/// Why text is not valid JSON.
@_spi(Admin) public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    /// 1-based byte position.
    public let position: Int
    public let message: String
    /// Whether `message` is about the text as a whole (a byte order mark), not a position in it.
    var isAboutTheWholeText = false
    public var description: String { isAboutTheWholeText ? message : "invalid JSON at position \(position): \(message)" }

    /// Text that starts with a byte order mark: a file saved as "UTF-8 with BOM" (some Windows
    /// editors do), which reads as the document's first character and is not JSON.
    public static let byteOrderMark = JSONSyntaxError(
        position: 1, message: "it starts with a byte order mark (U+FEFF), which JSON does not allow; save it as UTF-8 without one",
        isAboutTheWholeText: true)
}

struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw .byteOrderMark }
        skipWhitespace()
        guard index < bytes.count else { throw failure("no value (empty input)") }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(position: index + 1, message: message)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index].isJSONWhitespace { index += 1 }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw failure("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("expected a value (a string must be in double quotes)")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value (a string must be in double quotes)")
        }
        index += expected.count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("the array is not closed with ]") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw failure("expected , or ] in an array")
        }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONValue.Member] = []
        var keys = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
            let keyPosition = index
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(position: keyPosition + 1, message: "duplicate key \(JSONValue.quoted(key))")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected : after a key") }
            index += 1
            skipWhitespace()
            members.append(.init(key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw failure("the object is not closed with }") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw failure("expected , or } in an object")
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Most strings (every key of an export) have no escape: decoded in place, in one go.
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try parseEscapedString(from: start)
            case 0x00..<0x20:
                throw unescapedControlCharacter()
            default:
                index += 1
            }
        }
        throw failure("the string is not closed with \"")
    }

    private func unescapedControlCharacter() -> JSONSyntaxError {
        failure("a control character in a string must be escaped (\\n, \\t, \\u00XX)")
    }

    /// The rest of a string with escapes, from its first escape on: its UTF-8 is gathered
    /// (each escape as its scalar's) and decoded once at the end.
    private mutating func parseEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var utf8 = Array(bytes[start..<index])
        func append(_ scalar: Unicode.Scalar) { utf8.append(contentsOf: UTF8.encode(scalar)!) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure("the string ends inside an escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): append(try parseUnicodeEscape())
                default:
                    index -= 1
                    throw failure("unknown escape \\\(Character(Unicode.Scalar(escape)))")
                }
            case 0x00..<0x20:
                throw unescapedControlCharacter()
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw failure("the string is not closed with \"")
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigit(bytes[index]) else { throw failure("\\u needs four hex digits") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try parseHex4()
        if (0xD800...0xDBFF).contains(first) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a high surrogate \\u escape must be followed by a low one")
            }
            index += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw failure("expected a low surrogate \\u escape") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("a lone low surrogate \\u escape") }
        return scalar
    }

    func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw failure("expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw failure("a number must not start with 0")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("expected a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }
}

extension UInt8 {
    /// Whether the byte is one of JSON's four whitespace characters. A `switch`, not
    /// `[0x20, …].contains`: unoptimised (the tests' `statedb`), the array literal was built
    /// for every byte, a quarter of the time an import of a pretty-printed file took.
    var isJSONWhitespace: Bool {
        switch self {
        case 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }
}
