import Foundation

/// Sorted-key JSON for `Codable` values, byte for byte what `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]`, at a fraction of its cost (a small struct took
/// ~17,000 instructions through `JSONEncoder`, as much as committing its row).
///
/// It handles the common shapes exactly: keyed, unkeyed and single-value containers holding
/// booleans, integers, finite floating point, strings, nil and nested values. Anything else —
/// `Date`, `Data`, `URL` and `Decimal` (which `JSONEncoder` special-cases), non-finite numbers,
/// nested or super encoders, a value that reads `codingPath`, an error thrown while encoding —
/// returns nil, and the caller uses `JSONEncoder`, so the output (or the error) is always
/// `JSONEncoder`'s.
enum SortedKeyJSON {
    /// The JSON text of `value`, or nil when `JSONEncoder` must do it.
    static func encode<T: Encodable>(_ value: T) -> String? {
        let context = JSONEncodingContext()
        guard let node = try? context.node(for: value), !context.isUnsupported else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(64)
        guard write(node, into: &output, depth: 0) else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes `node`; false when it nests deeper than `JSONEncoder` accepts.
    private static func write(_ node: JSONNode, into output: inout [UInt8], depth: Int) -> Bool {
        switch node {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .integer(let value): writeInteger(magnitude: value.magnitude, negative: value < 0, into: &output)
        case .unsigned(let value): writeInteger(magnitude: value, negative: false, into: &output)
        case .string(let text): writeString(text, into: &output)
        case .array(let box):
            guard depth < maximumDepth else { return false }
            output.append(UInt8(ascii: "["))
            for (index, element) in box.elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                guard write(element, into: &output, depth: depth + 1) else { return false }
            }
            output.append(UInt8(ascii: "]"))
        case .object(let box):
            guard depth < maximumDepth else { return false }
            output.append(UInt8(ascii: "{"))
            let entries = box.entries
            let ordered = entries.count < 2 || zip(entries, entries.dropFirst()).allSatisfy { precedes($0.key, $1.key) }
            for (index, entry) in (ordered ? entries : entries.sorted { precedes($0.key, $1.key) }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(entry.key, into: &output)
                output.append(UInt8(ascii: ":"))
                guard write(entry.value, into: &output, depth: depth + 1) else { return false }
            }
            output.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// Decimal digits, as `description` writes them (which is what `JSONEncoder` uses).
    private static func writeInteger(magnitude: UInt64, negative: Bool, into output: inout [UInt8]) {
        if negative { output.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits at most, kept on the stack
        var count = 0
        var rest = magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            output.append(contentsOf: buffer[(20 - count)..<20])
        }
    }

    /// `JSONEncoder`'s key order: by UTF-8 bytes.
    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// `JSONEncoder` refuses containers nested this deep (its writer's limit is 512 levels,
    /// counted from 1).
    private static let maximumDepth = 511

    /// A JSON string literal, escaped as `JSONEncoder` does: `"` and `\` with a backslash,
    /// the control characters as `\b \f \n \r \t` or `\u00xx` (lowercase hex), `/` as is.
    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied != true { writeEscaped(text, into: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ text: String, into output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0c: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0a: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0d: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00...0x1f:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xf)]])
            default: output.append(byte)
            }
        }
    }
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
    case array(JSONArrayBox)
    case object(JSONObjectBox)
}

/// The elements of an array, shared by the containers that append to it.
final class JSONArrayBox {
    var elements: [JSONNode] = []
}

/// The members of an object in the order first set; a key set again keeps its place and
/// takes the new value, as a `Dictionary` does in `JSONEncoder`.
final class JSONObjectBox {
    @exclusivity(unchecked) private(set) var entries: [(key: String, value: JSONNode)]
    /// Positions by key, once there are too many entries to search.
    private var positions: [String: Int]?

    init() {
        entries = []
        entries.reserveCapacity(8)  // one allocation for a typical struct
    }

    func set(_ value: JSONNode, for key: String) {
        if let index = position(of: key) {
            entries[index].value = value
            return
        }
        positions?[key] = entries.count
        entries.append((key, value))
        if positions == nil && entries.count > 8 {
            positions = Dictionary(entries.indices.map { (entries[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return entries.firstIndex { $0.key == key }
    }
}
