import Foundation
@_spi(Admin) import StateDB

/// The JSON writer and timestamp format the CLI had before its output was streamed (strings
/// escaped scalar by scalar, timestamps through `String(format:)`), kept here so the tests can
/// prove the streamed output is byte for byte what it was.
enum ReferenceJSON {
    static func serialize(_ value: JSONValue, pretty: Bool = true) -> String {
        var output = ""
        write(value, to: &output, pretty: pretty, indent: 0)
        return output
    }

    private static func write(_ value: JSONValue, to output: inout String, pretty: Bool, indent: Int) {
        func newline(_ level: Int) {
            if pretty { output += "\n" + String(repeating: "  ", count: level) }
        }
        switch value {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let literal): output += literal
        case .string(let value): writeString(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1)
                write(element, to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(indent)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1)
                writeString(member.key, to: &output)
                output += pretty ? ": " : ":"
                write(member.value, to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(indent)
            output += "}"
        }
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            default:
                if TerminalSafety.isUnsafe(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    static func isoTimestamp(milliseconds: Int64) -> String {
        let quotient = milliseconds / 1000
        var seconds = time_t(milliseconds % 1000 < 0 ? quotient - 1 : quotient)
        let millis = Int32(milliseconds - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                      parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, millis)
    }

    /// A slot as `inspect --json` wrote it before.
    static func slot(_ slot: AdminSlot) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("key", .string(slot.key)), .init("identity", .string(slot.identity)), .init("property", .string(slot.property)),
            .init("type", .string(slot.type)), .init("encoding", .string(slot.encoding)), .init("value", slot.value ?? .null),
        ]
        if let problem = slot.problem { members.append(.init("error", .string(problem))) }
        members += [
            .init("created", .string(isoTimestamp(milliseconds: slot.createdAt))),
            .init("updated", .string(isoTimestamp(milliseconds: slot.updatedAt))),
            .init("seen", .string(isoTimestamp(milliseconds: slot.seenAt))),
            .init("version", .number(String(slot.version))),
        ]
        return .object(members)
    }
}
