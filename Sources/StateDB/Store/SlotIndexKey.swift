import Foundation

/// A key to look up in the store's slot index (`SlotIndex`): a slot key's text, with a hash of
/// its bytes worked out once.
///
/// Two things make it cheaper than a `String` key, which cost ~800 instructions per lookup of a
/// 50-byte key (SipHash over every byte, then the comparison):
/// - the hash is a word-at-a-time hash of the bytes, and the dictionary's `Hasher` runs over
///   that one 64-bit number only;
/// - a lookup can give the identity and the property apart (`init(identity:property:)`), so a
///   view being mounted finds its slot without building the key string; a row loaded at open
///   is compared with them in place (`isKey(ofBytes:)`), and its hash worked out from its
///   bytes (`hash(ofKey:)`).
///
/// The hash of a key is the combination of the hashes of its identity and its property, split
/// at the last `/` byte as `SlotKey` splits them, so both spellings hash alike. `==` compares
/// the bytes, as SQLite's UNIQUE index on `key` does: two keys that Unicode counts as the same
/// text but that are spelled with different bytes are two slots, in memory as in the file.
///
/// The hash is keyed with a random seed per process (`seed`): a store file is input from
/// outside (a copy from another machine, a hand edit), and with a fixed hash its keys could be
/// chosen to collide, making opening it quadratic.
struct SlotIndexKey: Hashable {
    let hash: UInt64
    /// The whole key, or the identity when `property` is not nil.
    let head: String
    /// The property, for a key given in two parts.
    let property: String?

    /// The key `text` (`identity/property`).
    init(_ text: String) {
        var text = text
        hash = text.withUTF8 { Self.hash(ofKey: UnsafeRawBufferPointer($0)) }
        head = text
        property = nil
    }

    /// The hash `init(_:)` gives the key whose text is `bytes`, without making the text.
    static func hash(ofKey bytes: UnsafeRawBufferPointer) -> UInt64 {
        var slash = bytes.count - 1  // the last `/`, found from the end
        while slash >= 0 && bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
        // No `/`: the whole text is the property of an empty identity, as in `SlotKey`.
        let identity = UnsafeRawBufferPointer(rebasing: bytes[..<max(slash, 0)])
        let property = UnsafeRawBufferPointer(rebasing: bytes[(slash + 1)...])
        let seed = Self.seed
        return combine(hash(identity, seed: seed), hash(property, seed: seed))
    }

    /// The key of slot `property` of the view at `identity`, without joining them.
    init(identity: String, property: String) {
        // The seed read once: each read of a lazily set global checks that it is set.
        let seed = Self.seed
        hash = Self.combine(Self.hash(of: identity, seed: seed), Self.hash(of: property, seed: seed))
        head = identity
        self.property = property
    }

    /// The hash of `text`'s bytes, borrowed in place when the string is native (`withUTF8` on
    /// a copy cost a retain, a release and a uniqueness check each).
    private static func hash(of text: String, seed: UInt64) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0), seed: seed) }) {
            return hash
        }
        var text = text
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// Whether `text` (a whole key, as a dormant row holds it) is this key.
    func isKey(of text: String) -> Bool {
        guard let property else { return text.hasSameBytes(as: head) }
        return text.isKey(identity: head, property: property)
    }

    /// Whether `entry` is this key's: a dormant row's whole key, or a cell's two parts.
    func isKey(of entry: SlotEntry) -> Bool {
        switch entry {
        case .dormant(let row):
            return row.hasKey(self)
        case .live(let cell):
            guard let property else { return head.isKey(identity: cell.identity, property: cell.property) }
            return head.hasSameBytes(as: cell.identity) && property.hasSameBytes(as: cell.property)
        }
    }

    /// Whether `bytes` (the key of a row loaded at open) are this key's text.
    func isKey(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let property else { return head.hasBytes(bytes) }
        if head.isEmpty { return property.hasBytes(bytes) }
        if let result = head.utf8.withContiguousStorageIfAvailable({ identity in
            property.utf8.withContiguousStorageIfAvailable { property in String.isKey(bytes, identity, property) }
        }), let isKey = result { return isKey }
        var identity = head, name = property
        return identity.withUTF8 { identity in name.withUTF8 { property in String.isKey(bytes, identity, property) } }
    }

    /// The key's text (built only for a key given in two parts).
    var text: String {
        guard let property else { return head }
        return SlotKey(identity: head, property: property).key
    }

    static func == (lhs: SlotIndexKey, rhs: SlotIndexKey) -> Bool {
        guard lhs.hash == rhs.hash else { return false }
        switch (lhs.property, rhs.property) {
        case (nil, nil): return lhs.head.hasSameBytes(as: rhs.head)
        case (let property?, nil): return rhs.head.isKey(identity: lhs.head, property: property)
        case (nil, let property?): return lhs.head.isKey(identity: rhs.head, property: property)
        case (let left?, let right?): return lhs.head.hasSameBytes(as: rhs.head) && left.hasSameBytes(as: right)
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// What `Dictionary` asks for: `hash`, mixed with the dictionary's seed, without running
    /// `Hasher` (SipHash) over it, which was about a fifth of each lookup in the slot index.
    /// `hash` is already a well-mixed function of the key's bytes, so the seed (which keeps two
    /// dictionaries from sharing an order) only needs one more round of `mix`.
    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: Self.mix(hash ^ UInt64(UInt(bitPattern: seed)) &* Self.multiplier))
    }

    // MARK: - Hashing bytes

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// This process's key for the hash: the state every hash starts from.
    private static let seed = UInt64.random(in: .min ... .max)

    /// A hash of `bytes`, eight at a time, starting from `seed`.
    ///
    /// The bytes after the last whole word are read in at most two loads, not one at a time:
    /// a text of 8 bytes or more ends with the word that ends it (overlapping the one before),
    /// a shorter one with loads that overlap in its middle. Every byte is read, and the length
    /// is in the starting state, so texts that differ anywhere hash apart. Byte by byte, the
    /// tail of a property name (`count`, `title`) was most of its hash.
    private static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        var state = (seed ^ UInt64(count)) &* multiplier
        var offset = 0
        while offset + 8 <= count {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            state ^= state >> 32
            offset += 8
        }
        let last: UInt64
        if offset == count {
            last = 0
        } else if count >= 8 {
            last = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            last = UInt64(bytes.loadUnaligned(as: UInt32.self)) << 32
                | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            last = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
        }
        return mix(state ^ last)
    }

    private static func combine(_ identity: UInt64, _ property: UInt64) -> UInt64 {
        mix(identity &* multiplier ^ property)
    }

    /// The 64-bit finaliser of MurmurHash3: every input bit affects every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}

extension String {
    /// Whether the text is `bytes`. Its bytes are borrowed in place: `withUTF8` on a copy cost
    /// a retain, a release and a uniqueness check per row.
    func hasBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = self.utf8
        guard utf8.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        if let same = utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            return same
        }
        return utf8.elementsEqual(bytes)
    }

    /// Whether both texts are the same bytes (`==` on strings also accepts canonically
    /// equivalent spellings).
    func hasSameBytes(as other: String) -> Bool {
        // Native strings lend their bytes without a copy; `withUTF8` on a `var` copy of each
        // cost a retain, a release and a uniqueness check apiece on every lookup.
        if let same = utf8.withContiguousStorageIfAvailable({ left in
            other.utf8.withContiguousStorageIfAvailable { right in Self.same(left, right) }
        }), let same { return same }
        var text = self, other = other
        return text.withUTF8 { left in other.withUTF8 { right in Self.same(left, right) } }
    }

    /// Whether this text is the key of slot `property` of the view at `identity`, as
    /// `SlotKey.key` spells it.
    func isKey(identity: String, property: String) -> Bool {
        if identity.isEmpty { return hasSameBytes(as: property) }
        if let result = utf8.withContiguousStorageIfAvailable({ key in
            identity.utf8.withContiguousStorageIfAvailable { identity in
                property.utf8.withContiguousStorageIfAvailable { property in Self.isKey(key, identity, property) }
            }
        }), let inner = result, let isKey = inner { return isKey }
        var key = self, identity = identity, property = property
        return key.withUTF8 { key in
            identity.withUTF8 { identity in
                property.withUTF8 { property in Self.isKey(key, identity, property) }
            }
        }
    }

    private static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
    }

    fileprivate static func isKey(_ key: UnsafeBufferPointer<UInt8>, _ identity: UnsafeBufferPointer<UInt8>, _ property: UnsafeBufferPointer<UInt8>) -> Bool {
        key.count == identity.count + 1 + property.count
            && key[identity.count] == UInt8(ascii: "/")
            && (identity.isEmpty || memcmp(key.baseAddress!, identity.baseAddress!, identity.count) == 0)
            && (property.isEmpty || memcmp(key.baseAddress! + identity.count + 1, property.baseAddress!, property.count) == 0)
    }
}
