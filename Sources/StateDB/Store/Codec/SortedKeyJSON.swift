import Foundation

/// Sorted-key JSON for `Codable` values, byte for byte what `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]`, at a fraction of its cost (a small struct took
/// ~17,000 instructions through `JSONEncoder`, as much as committing its row).
///
/// It handles the common shapes exactly: keyed, unkeyed and single-value containers holding
/// booleans, integers, finite floating point, strings, nil, nested values and `Date` (as the
/// encoder's date strategy, `DateText.encode`, writes it). Anything else — `Data`, `URL` and
/// `Decimal` (which `JSONEncoder` special-cases), non-finite numbers,
/// nested or super encoders, a value that reads `codingPath`, an error thrown while encoding —
/// returns nil, and the caller uses `JSONEncoder`, so the output (or the error) is always
/// `JSONEncoder`'s.
///
/// The text is written in two passes over the encoded values (its length, then its bytes)
/// straight into the result string: no intermediate buffer.
enum SortedKeyJSON {
    /// The JSON text of `value`, or nil when `JSONEncoder` must do it.
    static func encode<T: Encodable>(_ value: T) -> String? {
        let encoder = JSONNodeEncoder(root: nil)
        guard let node = try? encoder.node(for: value), !encoder.isUnsupported else { return nil }
        guard let length = measure(node, depth: 0) else { return nil }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var writer = JSONTextWriter(buffer: buffer)
            writer.write(node)
            return writer.count
        }
    }

    /// `text` as a JSON string literal, as `JSONEncoder` writes it (slashes as they are).
    static func quoted(_ text: String) -> String {
        String(unsafeUninitializedCapacity: JSONTextWriter.quotedLength(text)) { buffer in
            var writer = JSONTextWriter(buffer: buffer)
            writer.write(.string(text))
            return writer.count
        }
    }

    /// The length of `node`'s text, sorting every object's members on the way; nil when it
    /// nests deeper than `JSONEncoder` accepts.
    private static func measure(_ node: JSONNode, depth: Int) -> Int? {
        switch node {
        case .null: return 4
        case .bool(let value): return value ? 4 : 5
        case .number(let text): return text.utf8.count
        case .integer(let value): return JSONTextWriter.digitCount(value.magnitude) + (value < 0 ? 1 : 0)
        case .unsigned(let value): return JSONTextWriter.digitCount(value)
        case .string(let text): return JSONTextWriter.quotedLength(text)
        case .array(let encoder):
            guard depth < maximumDepth else { return nil }
            var length = 2 + max(encoder.elements.count - 1, 0)
            for element in encoder.elements {
                guard let elementLength = measure(element, depth: depth + 1) else { return nil }
                length += elementLength
            }
            return length
        case .object(let encoder):
            guard depth < maximumDepth else { return nil }
            encoder.sortMembers()
            var length = 2 + max(encoder.members.count - 1, 0)
            for member in encoder.members {
                guard let valueLength = measure(member.value, depth: depth + 1) else { return nil }
                length += JSONTextWriter.quotedLength(member.key) + 1 + valueLength
            }
            return length
        }
    }

    /// `JSONEncoder` refuses containers nested this deep (its writer's limit is 512 levels,
    /// counted from 1).
    private static let maximumDepth = 511
}

/// A value on its way to JSON text.
enum JSONNode {
    case null
    case bool(Bool)
    /// A floating-point number, already formatted.
    case number(String)
    case integer(Int64)
    case unsigned(UInt64)
    case string(String)
    /// The elements of the encoder's unkeyed container.
    case array(JSONNodeEncoder)
    /// The members of the encoder's keyed container.
    case object(JSONNodeEncoder)
}

/// Writes JSON text into a buffer sized by `SortedKeyJSON.measure`.
struct JSONTextWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func write(_ node: JSONNode) {
        switch node {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .number(let text): append(text)
        case .integer(let value):
            if value < 0 { append(UInt8(ascii: "-")) }
            appendDigits(value.magnitude)
        case .unsigned(let value): appendDigits(value)
        case .string(let text): appendQuoted(text)
        case .array(let encoder):
            append(UInt8(ascii: "["))
            for (index, element) in encoder.elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                write(element)
            }
            append(UInt8(ascii: "]"))
        case .object(let encoder):
            append(UInt8(ascii: "{"))
            for (index, member) in encoder.members.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                appendQuoted(member.key)
                append(UInt8(ascii: ":"))
                write(member.value)
            }
            append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    private mutating func append(_ text: String) {
        if let copied: Void = text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) { return copied }
        for byte in text.utf8 { append(byte) }
    }

    private mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        (buffer.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Decimal digits, as `description` writes them (which is what `JSONEncoder` uses).
    private mutating func appendDigits(_ value: UInt64) {
        let digits = Self.digitCount(value)
        var rest = value
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }

    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// A JSON string literal, escaped as `JSONEncoder` does: `"` and `\` with a backslash,
    /// the control characters as `\b \f \n \r \t` or `\u00xx` (lowercase hex), `/` as is.
    private mutating func appendQuoted(_ text: String) {
        append(UInt8(ascii: "\""))
        let plain: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: Self.needsEscape) else { return false }
            append(contentsOf: bytes)
            return true
        }
        if plain != true { appendEscaped(text) }
        append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(UInt8(ascii: "\\")); append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): append(UInt8(ascii: "\\")); append(UInt8(ascii: "\\"))
            case 0x08: append(UInt8(ascii: "\\")); append(UInt8(ascii: "b"))
            case 0x0c: append(UInt8(ascii: "\\")); append(UInt8(ascii: "f"))
            case 0x0a: append(UInt8(ascii: "\\")); append(UInt8(ascii: "n"))
            case 0x0d: append(UInt8(ascii: "\\")); append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "\\")); append(UInt8(ascii: "t"))
            case 0x00...0x1f:
                append("\\u00")
                append(Self.hex[Int(byte >> 4)])
                append(Self.hex[Int(byte & 0xf)])
            default: append(byte)
            }
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// The length of `text` as a JSON string literal (quotes and escapes included).
    static func quotedLength(_ text: String) -> Int {
        let plainLength: Int? = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains(where: needsEscape) ? nil : bytes.count + 2
        } ?? nil
        if let plainLength { return plainLength }
        var length = 2
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x0c, 0x0a, 0x0d, 0x09: length += 2
            case 0x00...0x1f: length += 6
            default: length += 1
            }
        }
        return length
    }
}
