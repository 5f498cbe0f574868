/// JSON written as UTF-8 bytes, for output of any size: a million slots are written by
/// appending bytes to a buffer, never by building and joining strings one scalar at a time.
extension JSONValue {
    /// Appends the value as JSON text: compact, or indented by two spaces per level when
    /// `pretty`, `indent` levels deep (what `serialized` writes, byte for byte).
    public func append(to output: inout [UInt8], pretty: Bool = false, sortedKeys: Bool = false, indent: Int = 0) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let literal): output.append(contentsOf: literal.utf8)
        case .string(let value): JSONValue.appendString(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.appendNewline(indent + 1, to: &output) }
                element.append(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
            if pretty { JSONValue.appendNewline(indent, to: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.appendNewline(indent + 1, to: &output) }
                JSONValue.appendString(member.key, to: &output)
                output.append(contentsOf: (pretty ? ": " : ":").utf8)
                member.value.append(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
            if pretty { JSONValue.appendNewline(indent, to: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and `level` two-space indents.
    public static func appendNewline(_ level: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<level { output.append(contentsOf: [0x20, 0x20]) }
    }

    /// Appends `value` as a JSON string literal: `"`, `\` and the short escapes as JSON writes
    /// them, every other character `TerminalSafety` calls unsafe as `\uXXXX` (lowercase hex),
    /// the rest copied as it is, run by run.
    public static func appendString(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { appendString(utf8: $0, to: &output) }
    }

    static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = bytes.count
        func flushRun(upTo end: Int) {
            if end > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte < 0x7F {
                index += 1
                continue
            }
            if byte < 0x80 {
                flushRun(upTo: index)
                switch byte {
                case 0x22: output.append(contentsOf: [0x5C, 0x22])
                case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                default: appendUnicodeEscape(UInt32(byte), to: &output)
                }
                index += 1
                runStart = index
                continue
            }
            // Multi-byte: only C1 controls (C2 80…9F) and the separators and bidirectional
            // controls U+2028…, all E2 80/81 xx, are unsafe.
            if byte == 0xC2, index + 1 < count, bytes[index + 1] <= 0x9F {
                flushRun(upTo: index)
                appendUnicodeEscape(UInt32(bytes[index + 1]), to: &output)
                index += 2
                runStart = index
                continue
            }
            if byte == 0xE2, index + 2 < count {
                let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
                if let unicode = Unicode.Scalar(scalar), TerminalSafety.isUnsafe(unicode) {
                    flushRun(upTo: index)
                    appendUnicodeEscape(scalar, to: &output)
                    index += 3
                    runStart = index
                    continue
                }
            }
            index += 1
        }
        flushRun(upTo: count)
        output.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lowercase hex digits (every unsafe scalar is below U+10000).
    private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [0x5C, UInt8(ascii: "u"),
                                   digits[Int((value >> 12) & 0xF)], digits[Int((value >> 8) & 0xF)],
                                   digits[Int((value >> 4) & 0xF)], digits[Int(value & 0xF)]])
    }
}
