/// The store's keys in key order (all of them, or those under a prefix), read a page at a
/// time, for walking beside another ordered list: `import --replace` beside the file's keys,
/// `mv` beside the new keys. Rows deleted behind it do not disturb it.
struct StoreKeyPager {
    private let rows: any AdminRows
    private let prefix: String?
    private let pageSize: Int
    private var page: [String] = []
    private var position = 0
    /// The key `next()` last returned; the next page starts there (and drops it).
    private var last: String?
    private var exhausted = false

    init(_ rows: any AdminRows, under prefix: String? = nil, pageSize: Int) {
        self.rows = rows
        self.prefix = prefix
        self.pageSize = pageSize
    }

    /// The next key, without moving past it; nil after the last.
    mutating func peek() throws -> String? {
        if position == page.count {
            guard !exhausted else { return nil }
            var keys = try rows.keys(from: last ?? prefix ?? "", limit: pageSize + 1)
            if let last, let first = keys.first, ByteKey(first) == ByteKey(last) { keys.removeFirst() }
            if keys.count > pageSize { keys.removeLast() }
            if keys.isEmpty { exhausted = true; return nil }
            page = keys
            position = 0
        }
        let key = page[position]
        if let prefix, !key.utf8.starts(with: prefix.utf8) {
            exhausted = true
            page = []
            position = 0
            return nil
        }
        return key
    }

    /// The next key, moving past it.
    mutating func next() throws -> String? {
        guard let key = try peek() else { return nil }
        position += 1
        last = key
        return key
    }

    /// Whether `key` is among the keys; each key asked must sort after the one before, as
    /// the keys before it are passed.
    mutating func contains(_ key: String) throws -> Bool {
        while let current = try peek() {
            if current.utf8.elementsEqual(key.utf8) { return true }
            if !current.utf8.lexicographicallyPrecedes(key.utf8) { return false }
            _ = try next()
        }
        return false
    }
}
