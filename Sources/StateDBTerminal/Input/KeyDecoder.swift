/// Turns the bytes read from a terminal in raw mode into keys.
///
/// Keeps an incomplete UTF-8 character or escape sequence for the next read, so a key split
/// across two reads still decodes. An `ESC` that ends a read is the Escape key (terminals
/// send a sequence in one write). Sequences it does not know (function keys, mouse) are
/// dropped whole.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

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

    private func decodeEscape(at index: Int) -> (Key?, Int)? {
        guard index + 1 < pending.count else { return (.escape, 1) }
        let introducer = pending[index + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.escape, 1) }
        // Parameters and intermediates, then one final byte in 0x40...0x7E.
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let length = end - index + 1
        let parameters = pending[(index + 2)..<end]
        switch (pending[end], parameters.isEmpty || parameters.elementsEqual([UInt8(ascii: "1")])) {
        case (UInt8(ascii: "A"), true): return (.up, length)
        case (UInt8(ascii: "B"), true): return (.down, length)
        case (UInt8(ascii: "C"), true): return (.right, length)
        case (UInt8(ascii: "D"), true): return (.left, length)
        case (UInt8(ascii: "Z"), true): return (.backTab, length)
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
