/// Turns the bytes read from a terminal in raw mode into keys.
///
/// Keeps an incomplete UTF-8 character, escape sequence or paste for the next read, so a key
/// split across two reads still decodes. An `ESC` that ends a read is the Escape key
/// (terminals send a sequence in one write). Text between the bracketed-paste markers
/// (`ESC [200~` … `ESC [201~`, which `TerminalHost` asks the terminal for) is one `.paste`,
/// whatever it contains. Sequences it does not know (function keys, mouse) are dropped whole.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = decodeOne(at: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The key at `index` and how many bytes it took, or nil when more bytes are needed.
    private func decodeOne(at index: Int) -> (Key?, Int)? {
        let byte = pending[index]
        switch byte {
        case 0x1B: return decodeEscape(at: index)
        case 0x09: return (.tab, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return decodeUTF8(at: index)
        }
    }

    private func starts(with marker: [UInt8], at index: Int) -> Bool? {
        let available = min(marker.count, pending.count - index)
        guard pending[index..<(index + available)].elementsEqual(marker[..<available]) else { return false }
        return available == marker.count ? true : nil
    }

    private func decodePaste(at index: Int) -> (Key?, Int)? {
        let start = index + Self.pasteStart.count
        var end = start
        while end + Self.pasteEnd.count <= pending.count {
            if pending[end..<(end + Self.pasteEnd.count)].elementsEqual(Self.pasteEnd) {
                let text = String(decoding: pending[start..<end], as: UTF8.self)
                return (.paste(text), end + Self.pasteEnd.count - index)
            }
            end += 1
        }
        return nil  // the rest of the paste is still coming
    }

    private func decodeEscape(at index: Int) -> (Key?, Int)? {
        guard index + 1 < pending.count else { return (.escape, 1) }
        let introducer = pending[index + 1]
        switch introducer {
        case UInt8(ascii: "b"): return (.wordLeft, 2)   // Alt-B
        case UInt8(ascii: "f"): return (.wordRight, 2)  // Alt-F
        case UInt8(ascii: "["), UInt8(ascii: "O"): break
        default: return (.escape, 1)
        }
        switch starts(with: Self.pasteStart, at: index) {
        case true?: return decodePaste(at: index)
        case nil: return nil
        case false?: break
        }
        // Parameters and intermediates, then one final byte in 0x40...0x7E.
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let length = end - index + 1
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        let plain = parameters.isEmpty || parameters == "1"
        // `1;3` is Alt, `1;5` Ctrl: word moves with the arrows.
        let word = parameters == "1;3" || parameters == "1;5" || parameters == "3" || parameters == "5"
        switch Character(Unicode.Scalar(pending[end])) {
        case "A" where plain: return (.up, length)
        case "B" where plain: return (.down, length)
        case "C" where plain: return (.right, length)
        case "D" where plain: return (.left, length)
        case "C" where word: return (.wordRight, length)
        case "D" where word: return (.wordLeft, length)
        case "H" where plain: return (.home, length)
        case "F" where plain: return (.end, length)
        case "Z" where plain: return (.backTab, length)
        case "~":
            switch parameters {
            case "1", "7": return (.home, length)
            case "4", "8": return (.end, length)
            case "3": return (.delete, length)
            case "5": return (.pageUp, length)
            case "6": return (.pageDown, length)
            default: return (nil, length)
            }
        default: return (nil, length)
        }
    }

    private func decodeUTF8(at index: Int) -> (Key?, Int)? {
        let lead = pending[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1 else { return (nil, 1) }  // a stray continuation byte
        guard index + length <= pending.count else { return nil }
        let scalars = String(decoding: pending[index..<(index + length)], as: UTF8.self)
        guard let character = scalars.first, scalars.count == 1, character != "\u{FFFD}" else { return (nil, 1) }
        return (.character(character), length)
    }
}
