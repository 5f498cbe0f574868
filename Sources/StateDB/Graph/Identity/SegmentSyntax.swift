/// A segment of a stored identity read back: the view type's name and the texts of its
/// qualifiers, without brackets (`Row[then][#2]` is `Row` with `then` and `#2`).
///
/// Ids inside qualifiers are JSON (strings quoted and escaped, a `/` written `\u002F`), so the
/// reader skips brackets inside strings and nested in arrays and objects.
struct ParsedSegment: Equatable, Sendable {
    let name: String
    let qualifiers: [String]

    init(name: String, qualifiers: [String]) {
        self.name = name
        self.qualifiers = qualifiers
    }

    /// Reads `text` (one segment, no `/`). Text that is not a well-formed qualifier list stays
    /// part of the name, so nothing is lost and nothing matches it by accident.
    init(_ text: Substring) {
        let scalars = Array(text.unicodeScalars)
        guard let open = scalars.firstIndex(of: "[") else {
            self.init(name: String(text), qualifiers: [])
            return
        }
        var qualifiers: [String] = []
        var index = open
        while index < scalars.count {
            guard scalars[index] == "[", let close = Self.closingBracket(in: scalars, from: index) else {
                self.init(name: String(text), qualifiers: [])
                return
            }
            var inner = String.UnicodeScalarView()
            inner.append(contentsOf: scalars[(index + 1)..<close])
            qualifiers.append(String(inner))
            index = close + 1
        }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: scalars[..<open])
        self.init(name: String(name), qualifiers: qualifiers)
    }

    /// The `]` that closes the `[` at `start`, skipping JSON strings and nested brackets.
    private static func closingBracket(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in (start + 1)..<scalars.count {
            let scalar = scalars[index]
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
                continue
            }
            switch scalar {
            case "\"": inString = true
            case "[", "{": depth += 1
            case "}": depth -= 1
            case "]":
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The segments of an identity (`App/VStack/Row[#2]`), split at each `/`.
    static func segments(of identity: String) -> [ParsedSegment] {
        identity.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            ParsedSegment(Substring($0))
        }
    }

    /// A block position of the first round's key format (`[3]`): digits alone.
    var hasLegacyPosition: Bool {
        qualifiers.contains { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
    }

    /// `[id: X]` (a `ForEach` element) or `[.id: X]` (an explicit id).
    var ids: [String] { qualifiers.filter { $0.hasPrefix("id: ") || $0.hasPrefix(".id: ") } }

    /// The number among views of the same name (`[#2]`); 1 when there is none.
    var number: Int {
        for qualifier in qualifiers where qualifier.hasPrefix("#") {
            if let number = Int(qualifier.dropFirst()) { return number }
        }
        return 1
    }

    /// `[duplicate N]`, when there is one.
    var duplicate: String? { qualifiers.first { $0.hasPrefix("duplicate ") } }
}
