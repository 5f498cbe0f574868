import Foundation

/// A child's segment as the parts it is spelled from (`Row` + `[id: 42]` + `[then]`), hashed
/// and compared as the text they spell, without building it when that text is ASCII.
///
/// A `ForEach` of 20,000 rows built a 17-byte-or-longer string per row when it listed its
/// children; all of them lived until the last row had mounted, and each row's was freed when
/// its node built its identity: ~19,800 holes of 80 bytes among live objects that the heap
/// could not give back, ~40 bytes per mounted slot. Built when a node is made instead, a
/// segment is freed before the next one is built, in the same place.
struct SegmentParts: Hashable {
    /// The position filled: its name (`Row`) and its own qualifiers (`[then]`, `[#2]`).
    let position: BlockShape.Position
    /// What the block puts after every name: an element's id (`[id: 42]`), or nothing.
    let prefix: String

    private var name: String { position.name }
    private var qualifiers: String { position.qualifiers }

    /// The segment's text: the position's own when the block adds nothing, else built (an
    /// allocation or two when it is longer than a small string holds).
    var text: String {
        if prefix.isEmpty { return position.segment }
        if qualifiers.isEmpty { return name + prefix }
        return name + prefix + qualifiers
    }

    /// The identity of a view with this segment under the view at `parentIdentity`
    /// (`parentIdentity/segment`), written into one string, and where the segment starts in
    /// it. A view with slots builds its identity as it mounts: through the segment's text, that
    /// was an allocation and a copy more per view, freed at once.
    func identity(under parentIdentity: String) -> (text: String, segmentStart: Int) {
        let start = parentIdentity.utf8.count + 1
        let text = String(unsafeUninitializedCapacity: start + utf8Count) { buffer in
            var end = 0
            Self.write(parentIdentity, into: buffer, at: &end)
            buffer[end] = UInt8(ascii: "/")
            end += 1
            Self.write(name, into: buffer, at: &end)
            Self.write(prefix, into: buffer, at: &end)
            Self.write(qualifiers, into: buffer, at: &end)
            return end
        }
        return (text, start)
    }

    /// Copies `part`'s bytes into `buffer` from `end`, which moves past them.
    private static func write(_ part: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        let copied: Void? = part.utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress { (buffer.baseAddress! + end).initialize(from: source, count: bytes.count) }
            end += bytes.count
        }
        guard copied == nil else { return }
        for byte in part.utf8 {
            buffer[end] = byte
            end += 1
        }
    }

    /// Whether this spells `segment` (a node's), byte for byte (as the graph matched a node's
    /// segment by position before there were parts).
    func spells(_ segment: Substring) -> Bool {
        let bytes = segment.utf8
        guard bytes.count == utf8Count else { return false }
        return bytes.elementsEqual(utf8)
    }

    /// Equal as their texts are as `String`s: canonically equivalent (`é` as one scalar or as
    /// `e` and an accent), since a `ForEach`'s ids are compared that way.
    static func == (lhs: SegmentParts, rhs: SegmentParts) -> Bool {
        // Siblings compared are mostly from one position (a `ForEach`'s rows), their prefixes
        // differing. A prefix and the qualifiers start with `[`, which nothing before it
        // combines with, so the texts are equivalent exactly when the prefixes are.
        if lhs.position === rhs.position { return lhs.prefix == rhs.prefix }
        guard lhs.isASCII && rhs.isASCII else { return lhs.text == rhs.text }
        // ASCII text is equivalent only to the same bytes.
        return lhs.utf8Count == rhs.utf8Count && lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// The bytes of the text in its composed form (NFC), fed a part at a time when the text is
    /// ASCII (its own composed form): equal texts hash alike however they are split into parts
    /// and however their accents are written.
    func hash(into hasher: inout Hasher) {
        // Checked and fed in one pass over the prefix, in place.
        if position.segmentIsASCII, prefix.utf8.withContiguousStorageIfAvailable({ bytes in
            guard Self.isASCII(bytes) else { return false }
            Self.combine(name, into: &hasher)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            Self.combine(qualifiers, into: &hasher)
            return true
        }) == true {
            return
        }
        Self.combine(text.precomposedStringWithCanonicalMapping, into: &hasher)
    }

    /// Feeds `part`'s bytes to `hasher` as one run: a byte at a time cost ~500 instructions a
    /// row more (~10 M per mount of 20,000 rows, 1% of it).
    private static func combine(_ part: String, into hasher: inout Hasher) {
        let combined: Void? = part.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if combined == nil {
            for byte in part.utf8 { hasher.combine(byte) }
        }
    }

    /// Whether the text is ASCII: the position's part is known per type, the prefix is looked
    /// at in place.
    private var isASCII: Bool {
        guard position.segmentIsASCII else { return false }
        return prefix.utf8.withContiguousStorageIfAvailable(Self.isASCII) ?? Self.isASCII(prefix.utf8)
    }

    /// Whether every byte is ASCII, where canonical equivalence is byte equality.
    static func isASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    private var utf8Count: Int { name.utf8.count + prefix.utf8.count + qualifiers.utf8.count }

    private var utf8: UTF8Bytes { UTF8Bytes(parts: self) }

    /// The parts' UTF-8 bytes in order, read in place (an array of the three views to join
    /// would be an allocation per hash).
    private struct UTF8Bytes: Sequence, IteratorProtocol {
        let parts: SegmentParts
        private var part = 0
        private var current: String.UTF8View.Iterator

        init(parts: SegmentParts) {
            self.parts = parts
            current = parts.name.utf8.makeIterator()
        }

        mutating func next() -> UInt8? {
            while true {
                if let byte = current.next() { return byte }
                part += 1
                switch part {
                case 1: current = parts.prefix.utf8.makeIterator()
                case 2: current = parts.qualifiers.utf8.makeIterator()
                default: return nil
                }
            }
        }
    }
}
