extension StoreAdmin {
    /// Writes the slots of the export in `input` into the store, in one transaction, after
    /// checking the whole file: its format, that each key appears once (compared byte for byte,
    /// as the store compares keys), and every value against its type (standard types exactly;
    /// app types by kind only, as the file is the authority). Every key a store can hold is
    /// accepted, so an export always imports. A slot in the file replaces the store's slot with
    /// the same key (an equal one is left alone); other slots stay, unless `replace`, which
    /// deletes them.
    ///
    /// Read a slot at a time: memory stays about one read chunk and one batch of rows, whatever
    /// the file's size (the keys themselves are kept only when `listKeys`, and for a file whose
    /// slots are not in key order, whose duplicates only a set of every key can find). The file
    /// is read twice: first checked completely, with nothing written; then read again and
    /// written in batches in one transaction, which a problem found then rolls back. `replace`
    /// reads it a third time, beside the store's keys, to find the slots it lacks.
    ///
    /// - Throws: `ImportInputError` when the file is not UTF-8, not JSON, or not a JSON object
    ///   (`checkImportHeader` of the parsed document says why); otherwise `AdminError`
    ///   `.invalidInput` or `.typeMismatch` naming the first bad entry, with nothing written.
    /// - Parameter progress: called as each pass goes (every `importBatch` slots and at its
    ///   end): the check, the import (or, for a dry run, the comparison), and `replace`'s removal.
    public func importExport(from input: ImportInput, replace: Bool, dryRun: Bool, listKeys: Bool,
                             progress: ((ImportProgress) -> Void)? = nil) throws -> ImportResult {
        try importExport(from: input, replace: replace, dryRun: dryRun, listKeys: listKeys,
                         chunkSize: ExportReader.defaultChunkSize, progress: progress)
    }

    func importExport(from input: ImportInput, replace: Bool, dryRun: Bool, listKeys: Bool, chunkSize: Int,
                      progress: ((ImportProgress) -> Void)?) throws -> ImportResult {
        let check = try checkImportFile(input, chunkSize: chunkSize, sorted: true, progress)
            ?? checkImportFile(input, chunkSize: chunkSize, sorted: false, progress)!
        if dryRun {
            return try read("planning the import") {
                try applyImport(input, check, replace: replace, listKeys: listKeys, chunkSize: chunkSize, $0, nil, progress)
            }
        }
        return try write("importing") {
            try applyImport(input, check, replace: replace, listKeys: listKeys, chunkSize: chunkSize, $0, $0, progress)
        }
    }

    /// What the first pass learnt: how many slots, and every key when they are not in order.
    struct ImportFileCheck {
        let count: Int
        let keys: Set<ByteKey>?
    }

    /// The first pass. With `sorted`, duplicates are found by comparing each key with the one
    /// before, which only works while the keys ascend (as an export writes them): nil when a
    /// key comes out of order before any problem, for a pass that keeps every key instead.
    private func checkImportFile(_ input: ImportInput, chunkSize: Int, sorted: Bool,
                                 _ progress: ((ImportProgress) -> Void)?) throws -> ImportFileCheck? {
        var reader = try ExportReader(input, chunkSize: chunkSize)
        var firstError: (any Error)?
        var outOfOrder = false
        var previous: [UInt8]?
        var seen: Set<ByteKey>? = sorted ? nil : []
        var count = 0
        var types = SlotTypeCache()
        let header = try reader.read { index, slot in
            count += 1
            if count % Self.importBatch == 0 { progress?(ImportProgress(pass: .checking, done: count, total: 0)) }
            guard firstError == nil, !outOfOrder else { return }
            do {
                _ = try importEntry(slot, at: index, type: { types.type($0) }) { key in
                    if seen != nil { return seen!.insert(ByteKey(key)).inserted }
                    let bytes = Array(key.utf8)
                    if let previous {
                        if bytes == previous { return false }
                        if !previous.lexicographicallyPrecedes(bytes) { outOfOrder = true }
                    }
                    previous = bytes
                    return true
                }
            } catch {
                if !outOfOrder { firstError = error }
            }
        }
        try checkImportHeader(header.document)
        progress?(ImportProgress(pass: .checking, done: count, total: count))
        if let firstError { throw firstError }
        return outOfOrder ? nil : ImportFileCheck(count: count, keys: seen)
    }

    /// The second pass (and the third, for `replace`): compares each slot with the store's
    /// and, given `writer`, writes the changed ones and deletes what `replace` removes.
    private func applyImport(_ input: ImportInput, _ check: ImportFileCheck, replace: Bool, listKeys: Bool, chunkSize: Int,
                             _ rows: any AdminRows, _ writer: (any AdminTransaction)?,
                             _ progress: ((ImportProgress) -> Void)?) throws -> ImportResult {
        var created: [String] = [], updated: [String] = [], unchanged: [String] = [], removed: [String] = []
        var counts = (created: 0, updated: 0, unchanged: 0, removed: 0)
        // A batch of the file's slots, looked up in the store together (one round trip on
        // PostgreSQL, `AdminRows.rows(_:)`), then written together.
        var entries: [ImportEntry] = []
        var batch: [AdminRowWrite] = []
        func flush() throws {
            let found = try rows.rows(entries.map(\.key))
            for (entry, row) in zip(entries, found) {
                if let row, ByteKey(row.type) == ByteKey(entry.type), case .success(entry.value) = row.value {
                    counts.unchanged += 1
                    if listKeys { unchanged.append(entry.key) }
                } else {
                    if row == nil { counts.created += 1 } else { counts.updated += 1 }
                    if listKeys { if row == nil { created.append(entry.key) } else { updated.append(entry.key) } }
                    if let writer {
                        batch.append(AdminRowWrite(key: entry.key, type: entry.type, value: entry.value,
                                                   createdAt: row?.createdAt ?? writer.now, seenAt: row?.seenAt ?? writer.now))
                    }
                }
            }
            entries.removeAll(keepingCapacity: true)
            if let writer, !batch.isEmpty { try writer.upsert(batch) }
            batch.removeAll(keepingCapacity: true)
            progress?(ImportProgress(pass: writer == nil ? .comparing : .importing,
                                     done: counts.created + counts.updated + counts.unchanged, total: check.count))
        }
        var reader = try ExportReader(input, chunkSize: chunkSize)
        var count = 0
        var types = SlotTypeCache()
        _ = try reader.read { index, slot in
            // Checked in the first pass; checked again in case the file changed since.
            entries.append(try importEntry(slot, at: index, type: { types.type($0) }) { _ in true })
            count += 1
            if entries.count == Self.importBatch { try flush() }
        }
        try flush()
        guard count == check.count else {
            throw invalidImport("changed while it was imported (\(check.count) slots, then \(count))")
        }
        if replace {
            var deletions: [String] = []
            // Every key of the file is in the store now, so the rest is what goes.
            let total = try rows.rowCount() - (writer == nil ? check.count - counts.created : check.count)
            func remove(_ key: String) throws {
                counts.removed += 1
                if listKeys { removed.append(key) }
                guard let writer else { return }
                deletions.append(key)
                if deletions.count == Self.importBatch {
                    try writer.delete(keys: deletions)
                    deletions.removeAll(keepingCapacity: true)
                    progress?(ImportProgress(pass: .removing, done: counts.removed, total: total))
                }
            }
            var store = StoreKeyPager(rows, pageSize: 5_000)
            if let keys = check.keys {
                while let key = try store.next() {
                    if !keys.contains(ByteKey(key)) { try remove(key) }
                }
            } else {
                // Both in key order: a store key the file passes by is not in the file.
                var reader = try ExportReader(input, chunkSize: chunkSize)
                _ = try reader.read { _, slot in
                    guard case .string(let key)? = slot["key"] else { return }
                    let fileKey = ByteKey(key)
                    while let next = try store.peek(), ByteKey(next) < fileKey { try remove(next); _ = try store.next() }
                    if let next = try store.peek(), ByteKey(next) == fileKey { _ = try store.next() }
                }
                while let key = try store.next() { try remove(key) }
            }
            if let writer, !deletions.isEmpty { try writer.delete(keys: deletions) }
            progress?(ImportProgress(pass: .removing, done: counts.removed, total: total))
        }
        return ImportResult(created: created, updated: updated, unchanged: unchanged, removed: removed, counts: counts)
    }
}

/// How far `StoreAdmin.importExport` is.
public struct ImportProgress: Sendable, Equatable {
    public enum Pass: Sendable, Equatable {
        /// Reading the whole file to check it; `total` is 0 until the end (the file is counted
        /// as it is read).
        case checking
        /// Comparing the file's slots with the store's (a dry run).
        case comparing
        /// Writing the slots that differ; `done` counts every slot of the file passed.
        case importing
        /// Removing the store's slots the file does not have (`replace`).
        case removing
    }

    public let pass: Pass
    /// Slots done in this pass.
    public let done: Int
    /// Slots this pass goes through.
    public let total: Int
}
