import CSQLite
import Foundation
import StateDB
import Testing

/// Damage done to real store files the way disks, operators and careless copies do it: bytes
/// of a page overwritten, the schema edited by hand, a `-wal` from another database.
enum StoreDamage {
    /// A store's three files as they are, to prove a refusal left every one of them alone.
    struct Files: Equatable, CustomStringConvertible {
        let store: FileSnapshot
        let wal: Data?
        let shm: Data?

        init(_ path: String) {
            store = FileSnapshot(path)
            wal = FileManager.default.contents(atPath: path + "-wal")
            shm = FileManager.default.contents(atPath: path + "-shm")
        }

        var description: String { "\(store), -wal \(wal?.count ?? -1) bytes, -shm \(shm?.count ?? -1) bytes" }
    }

    /// A store with `count` String slots `prefix/sN` written through the library and closed.
    static func makeStore(_ path: String, prefix: String = "Damaged", count: Int, length: Int = 20) throws {
        let store = try StateStore(path: path)
        for index in 0..<count {
            try store.binding(for: "\(prefix)/s\(index)", default: "").wrappedValue = value(index, length: length)
        }
        store.close()
    }

    /// Another store, open in this process with a transaction in its `-wal` that no
    /// checkpoint has copied yet; its `-wal` and `-shm` are copied beside `path` while it is
    /// open, as a careless backup or restore would.
    static func copyForeignWAL(besides path: String, from folder: TemporaryDirectory) throws {
        let otherPath = folder.path("other.sqlite")
        try StoreDamage.makeStore(otherPath, prefix: "Other", count: 5)
        let other = try StateStore(path: otherPath)
        try other.binding(for: "Other/s0", default: "").wrappedValue = "changed while open"
        try other.flush()
        try FileManager.default.copyItem(atPath: otherPath + "-wal", toPath: path + "-wal")
        try FileManager.default.copyItem(atPath: otherPath + "-shm", toPath: path + "-shm")
        other.close()
    }

    /// Another application's SQLite database (one table `t`), open in this process with its
    /// first transaction in its `-wal`; its `-wal` and `-shm` are copied beside `path` (mode
    /// 0600, as a store's own) while it is open.
    static func copyOtherApplicationsWAL(besides path: String, from folder: TemporaryDirectory) throws {
        let otherPath = folder.path("other-application.db")
        var db: OpaquePointer?
        guard sqlite3_open_v2(otherPath, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            sqlite3_close(db)
            throw SQLFailure(message: "cannot open \(otherPath)")
        }
        defer { sqlite3_close(db) }
        let sql = "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (x); INSERT INTO t VALUES (1);"
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw SQLFailure(message: String(cString: sqlite3_errmsg(db))) }
        for suffix in ["-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: otherPath + suffix, toPath: path + suffix)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path + suffix)
        }
    }

    /// The value `makeStore` writes to slot `index`.
    static func value(_ index: Int, length: Int = 20) -> String {
        let text = "value \(index) "
        return String(repeating: text, count: length / text.count + 1).prefix(length).description
    }

    static func pageSize(_ path: String) throws -> Int {
        try #require(Int(try SQLiteShell.run(path, "PRAGMA page_size")))
    }

    /// The pages of table or index `name` of one kind (`leaf`, `internal`), from `dbstat`.
    static func pages(_ path: String, of name: String, type: String) throws -> [Int] {
        try SQLiteShell.run(path, "SELECT pageno FROM dbstat WHERE name = '\(name)' AND pagetype = '\(type)' ORDER BY pageno")
            .split(separator: "\n").compactMap { Int($0) }
    }

    /// The first page of table or index `name`.
    static func rootPage(_ path: String, of name: String) throws -> Int {
        try #require(Int(try SQLiteShell.run(path, "SELECT rootpage FROM sqlite_schema WHERE name = '\(name)'")))
    }

    /// Overwrites `count` bytes of page `page` (numbered from 1) from `offset` on with `byte`.
    static func overwrite(_ path: String, page: Int, offset: Int, count: Int, with byte: UInt8 = 0xFF) throws {
        let start = (page - 1) * (try pageSize(path)) + offset
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(start))
        try handle.write(contentsOf: Data(repeating: byte, count: count))
    }

    /// Garbles the cells of the key index's root page (a leaf in a small store): the b-tree
    /// still opens, but its entries run off the page.
    static func damageKeyIndex(_ path: String) throws {
        let page = try rootPage(path, of: "sqlite_autoindex_slots_1")
        let size = try pageSize(path)
        try overwrite(path, page: page, offset: size - 300, count: 200)
    }

    /// Makes one leaf page of the `slots` table unreadable (its header garbled) and returns
    /// how many rows it held.
    @discardableResult
    static func damageTableLeaf(_ path: String, leaf index: Int = 1) throws -> Int {
        try damageTableLeaves(path) { _ in [index] }
    }

    /// Makes the leaf pages of the `slots` table that `choose` picks (by their position among
    /// the leaves, given how many there are) unreadable, and returns how many rows they held.
    @discardableResult
    static func damageTableLeaves(_ path: String, choose: (Int) -> [Int]) throws -> Int {
        let leaves = try pages(path, of: "slots", type: "leaf")
        var rows = 0, chosen: [Int] = []
        for index in choose(leaves.count) {
            try #require(leaves.indices.contains(index), "the slots table has \(leaves.count) leaf page(s)")
            chosen.append(leaves[index])
            rows += try #require(Int(try SQLiteShell.run(path, "SELECT ncell FROM dbstat WHERE name = 'slots' AND pageno = \(leaves[index])")))
        }
        for page in chosen { try overwrite(path, page: page, offset: 0, count: 8) }  // after dbstat: it reads every page
        return rows
    }

    /// Cuts the file short before the last leaf page of the `slots` table, as a copy that
    /// stopped or a full disk leaves it, and returns how many rows that leaf and the leaves
    /// after it held. The store must have no `-wal` (closed).
    @discardableResult
    static func truncateBeforeLastTableLeaf(_ path: String) throws -> Int {
        let leaves = try pages(path, of: "slots", type: "leaf")
        let cut = try #require(leaves.last)
        let rows = try #require(Int(try SQLiteShell.run(path, "SELECT sum(ncell) FROM dbstat WHERE name = 'slots' AND pagetype = 'leaf' AND pageno >= \(cut)")))
        let size = try pageSize(path)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64((cut - 1) * size))
        return rows
    }
}
