import CSQLite
import Foundation

/// The rows a store read from its file at open, kept as the bytes SQLite handed out: one
/// buffer of key and value bytes and a fixed-size record per row, not a `StoredRow` of
/// strings in a box per row.
///
/// Most rows mount soon after the open, and mounting a slot needs only its row's value, type
/// and version: making the key's strings, the value's and a box for each row took opening a
/// store of 20,000 rows from 60.6 M instructions to 82.3 M, and freeing them as the slots
/// mounted was more (BENCHMARKS.md, *The store's load, twelfth pass*). The slot index
/// holds a loaded row as its number here (`SlotIndex`), compares a key looked up with its bytes
/// in place, and hands out a `DormantRow` reading from here when asked.
///
/// Immutable once built. The slot index lets go of it once none of its rows is dormant, and
/// keeps a copy of the rows still dormant once they are at most half of it (`keeping(_:)`).
final class LoadedRows: Sendable {
    /// One row: where its key and value are in `bytes`, and its other columns.
    struct Record: Sendable {
        /// The key's bytes: `bytes[keyStart ..< keyStart + keyCount]`. A full `Int`: a key
        /// that is not UTF-8 is kept repaired, up to three times as long as SQLite's longest
        /// text.
        let keyStart: Int
        let keyCount: Int
        /// The `type` and `encoding` texts: places in `texts`.
        let typePlace: Int32
        let encodingPlace: Int32
        /// The value column's SQLite type (`SQLITE_INTEGER`, …).
        let valueType: Int32
        /// How many bytes a `TEXT` or `BLOB` value has (SQLite counts them in an `int`).
        let valueCount: Int32
        /// An `INTEGER` value; a `FLOAT`'s bits; for `TEXT` and `BLOB` the bytes' start in
        /// `bytes`.
        let valueWord: Int64
        /// `SlotIndexKey`'s hash of the key, worked out while its bytes were at hand.
        let hash: UInt64
        let seenAt: Int64
        let version: Int64
    }

    let records: [Record]
    private let bytes: [UInt8]
    /// The distinct `type` and `encoding` texts, shared by the rows that hold them.
    private let texts: [String]
    /// For each of `texts`, the encoding it names (nil: none, or not an encoding's text).
    private let encodings: [StoredEncoding?]

    fileprivate init(records: [Record], bytes: [UInt8], texts: [String], encodings: [StoredEncoding?]) {
        self.records = records
        self.bytes = bytes
        self.texts = texts
        self.encodings = encodings
    }

    // MARK: - One row's fields

    func type(of row: Int) -> String { texts[Int(records[row].typePlace)] }

    /// How many distinct `type` and `encoding` texts the rows share.
    var textCount: Int { texts.count }

    /// Calls `body` with the key's bytes, in place.
    func withKeyBytes<R>(of row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let record = records[row]
        return bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[record.keyStart..<(record.keyStart + record.keyCount)]))
        }
    }

    func key(of row: Int) -> String {
        withKeyBytes(of: row) { String(decoding: $0, as: UTF8.self) }
    }

    /// The value, read as the row's encoding says (as `StoredRow` reads a statement's).
    func value(of row: Int) -> Result<StoredValue, StoredValueError> {
        let record = records[row]
        guard let kind = encodings[Int(record.encodingPlace)] else {
            return .failure(StoredValueError(message: "unknown encoding '\(texts[Int(record.encodingPlace)])'"))
        }
        // The kind most slots hold, without the checks and the closure below.
        if kind == .integer && record.valueType == SQLITE_INTEGER { return .success(.integer(record.valueWord)) }
        return bytes.withUnsafeBufferPointer { all in
            do {
                return .success(try StoredValue.read(from: Column(record: record, bytes: all), kind: kind))
            } catch {
                return .failure(error as? StoredValueError ?? StoredValueError(message: "\(error)"))
            }
        }
    }

    /// The whole row, as `StoredRow(statement)` reads it from the load's columns (no
    /// timestamps).
    func row(_ row: Int) -> StoredRow {
        let record = records[row]
        return StoredRow(key: key(of: row), type: type(of: row), encoding: texts[Int(record.encodingPlace)], value: value(of: row),
                         seenAt: record.seenAt, version: record.version)
    }

    /// The rows `numbers` of these, in that order, in a buffer of their own: what the slot
    /// index keeps once the tree has mounted what it shows (`SlotIndex.compactLoadedRows`).
    /// Only the kept rows' bytes are copied, and only the texts they name are kept (a file
    /// with a type per row would otherwise keep every row's type for a few orphans).
    func keeping(_ numbers: [Int]) -> LoadedRows {
        var kept: [Record] = []
        kept.reserveCapacity(numbers.count)
        var keptBytes: [UInt8] = []
        var keptTexts: [String] = []
        var keptEncodings: [StoredEncoding?] = []
        var newPlaces = [Int32](repeating: -1, count: texts.count)
        func keptPlace(of place: Int32) -> Int32 {
            if newPlaces[Int(place)] < 0 {
                newPlaces[Int(place)] = Int32(keptTexts.count)
                keptTexts.append(texts[Int(place)])
                keptEncodings.append(encodings[Int(place)])
            }
            return newPlaces[Int(place)]
        }
        for number in numbers {
            let record = records[number]
            let keyStart = keptBytes.count
            keptBytes.append(contentsOf: bytes[record.keyStart..<(record.keyStart + record.keyCount)])
            var valueWord = record.valueWord
            if record.valueType == SQLITE_TEXT || record.valueType == SQLITE_BLOB {
                valueWord = Int64(keptBytes.count)
                keptBytes.append(contentsOf: bytes[Int(record.valueWord)..<(Int(record.valueWord) + Int(record.valueCount))])
            }
            kept.append(Record(keyStart: keyStart, keyCount: record.keyCount,
                               typePlace: keptPlace(of: record.typePlace), encodingPlace: keptPlace(of: record.encodingPlace),
                               valueType: record.valueType, valueCount: record.valueCount, valueWord: valueWord, hash: record.hash,
                               seenAt: record.seenAt, version: record.version))
        }
        return LoadedRows(records: kept, bytes: keptBytes, texts: keptTexts, encodings: keptEncodings)
    }

    /// A record's value column, read as SQLite's accessors read a statement's.
    private struct Column: StoredValueColumn {
        let record: Record
        let bytes: UnsafeBufferPointer<UInt8>

        var columnType: Int32 { record.valueType }
        var int64: Int64 { record.valueWord }  // asked of an `INTEGER` only
        var double: Double {
            record.valueType == SQLITE_FLOAT ? Double(bitPattern: UInt64(bitPattern: record.valueWord)) : Double(record.valueWord)
        }
        var text: String { String(decoding: valueBytes, as: UTF8.self) }
        var blob: [UInt8] { Array(valueBytes) }

        private var valueBytes: UnsafeBufferPointer<UInt8> {
            guard record.valueType == SQLITE_TEXT || record.valueType == SQLITE_BLOB else { return UnsafeBufferPointer(start: nil, count: 0) }
            let start = Int(record.valueWord)
            return UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(record.valueCount))])
        }
    }
}

extension LoadedRows {
    /// Reads the rows of a query of `StoredRow.loadSQL`'s columns, one `append` per row.
    struct Builder: Sendable {
        private var records: [Record] = []
        private var bytes: [UInt8] = []
        private var texts: [String] = []
        private var encodings: [StoredEncoding?] = []
        /// The last few texts made or matched, the latest last (a store holds a handful of
        /// types and seven encodings; a hostile file may hold a new one per row), with their
        /// bytes, which a column's are compared with first (comparing through
        /// `String.hasBytes`, oldest text first, `place(of:)` took 16.2 M instructions of a
        /// three-round hydrate profile; with the bytes, latest first, 9.9 M).
        private var recent: [(place: Int32, bytes: [UInt8])] = []
        /// Every text's place, by its bytes: where a text gone from `recent` is found again (a
        /// store with more than a few types would otherwise make a text per row).
        private var placesByBytes: [[UInt8]: Int32] = [:]

        init(expectedRows: Int) {
            records.reserveCapacity(expectedRows)
            // A key of ~50 bytes and a short value a row; a larger store grows it by doubling.
            bytes.reserveCapacity(expectedRows * 64)
        }

        /// Adds the row `statement` is on.
        mutating func append(_ statement: SQLiteStatement) {
            let keyStart = bytes.count
            let key = statement.rawText(at: 0)
            let hash: UInt64
            if Self.isUTF8(key) {
                bytes.append(contentsOf: key)
                hash = SlotIndexKey.hash(ofKey: UnsafeRawBufferPointer(key))
            } else {
                // A hand edit's key that is not UTF-8 is kept as every other path reads it (a
                // poll, a deletion, the app's own strings): with U+FFFD for each bad sequence.
                let repaired = Array(String(decoding: key, as: UTF8.self).utf8)
                bytes.append(contentsOf: repaired)
                hash = repaired.withUnsafeBytes { SlotIndexKey.hash(ofKey: $0) }
            }
            let keyCount = bytes.count - keyStart
            let typePlace = place(of: statement.rawText(at: 1))
            let encodingPlace = place(of: statement.rawText(at: 2))
            let valueType = statement.columnType(at: 3)
            var valueWord: Int64 = 0
            var valueCount: Int32 = 0
            switch valueType {
            case SQLITE_INTEGER:
                valueWord = statement.int64(at: 3)
            case SQLITE_FLOAT:
                valueWord = Int64(bitPattern: statement.double(at: 3).bitPattern)
            case SQLITE_TEXT, SQLITE_BLOB:
                let value = valueType == SQLITE_TEXT ? statement.rawText(at: 3) : statement.rawBlob(at: 3)
                valueWord = Int64(bytes.count)
                valueCount = Int32(value.count)  // from SQLite's `int`
                bytes.append(contentsOf: value)
            default:
                break
            }
            records.append(Record(keyStart: keyStart, keyCount: keyCount, typePlace: typePlace, encodingPlace: encodingPlace,
                                  valueType: valueType, valueCount: valueCount, valueWord: valueWord, hash: hash,
                                  seenAt: statement.int64(at: 4), version: statement.int64(at: 5)))
        }

        /// The place of the text `text` in `texts`: a recent one's, a known one's, or a new
        /// text's.
        private mutating func place(of text: UnsafeBufferPointer<UInt8>) -> Int32 {
            for index in recent.indices.reversed() where Self.same(recent[index].bytes, text) { return recent[index].place }
            let bytes = Array(text)
            let place: Int32
            if let known = placesByBytes[bytes] {
                place = known
            } else {
                place = Int32(texts.count)
                let made = String(decoding: text, as: UTF8.self)
                texts.append(made)
                encodings.append(StoredEncoding(made))
                placesByBytes[bytes] = place
            }
            if recent.count == 16 { recent.removeFirst() }
            recent.append((place, bytes))
            return place
        }

        /// Whether `bytes` are UTF-8: ASCII told a word at a time (keys mostly are; the last
        /// word overlapping the one before, as `SlotIndexKey`'s hash reads them), the rest
        /// validated.
        private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let raw = UnsafeRawBufferPointer(bytes)
            let count = raw.count
            var highBits: UInt64 = 0
            if count >= 8 {
                var offset = 0
                while offset + 8 <= count {
                    highBits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
                highBits |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for byte in raw { highBits |= UInt64(byte) }
            }
            return highBits & 0x8080_8080_8080_8080 == 0 || String(validating: bytes, as: UTF8.self) != nil
        }

        private static func same(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            known.count == bytes.count && known.withUnsafeBufferPointer { known in
                known.isEmpty || memcmp(known.baseAddress!, bytes.baseAddress!, known.count) == 0
            }
        }

        /// How many rows were read.
        var count: Int { records.count }

        /// Adds the rows `other` read, after these (a later row of the same key is the one the
        /// slot index keeps). Their texts are found among these, or added.
        mutating func append(contentsOf other: Builder) {
            let shift = bytes.count
            bytes.append(contentsOf: other.bytes)
            var places = [Int32](repeating: 0, count: other.texts.count)
            for (textBytes, place) in other.placesByBytes {
                places[Int(place)] = textBytes.withUnsafeBufferPointer { self.place(of: $0) }
            }
            records.reserveCapacity(records.count + other.records.count)
            for record in other.records {
                let holdsBytes = record.valueType == SQLITE_TEXT || record.valueType == SQLITE_BLOB
                records.append(Record(keyStart: record.keyStart + shift, keyCount: record.keyCount,
                                      typePlace: places[Int(record.typePlace)], encodingPlace: places[Int(record.encodingPlace)],
                                      valueType: record.valueType, valueCount: record.valueCount,
                                      valueWord: holdsBytes ? record.valueWord + Int64(shift) : record.valueWord, hash: record.hash,
                                      seenAt: record.seenAt, version: record.version))
            }
        }

        /// The rows read.
        func finish() -> LoadedRows {
            LoadedRows(records: records, bytes: bytes, texts: texts, encodings: encodings)
        }
    }
}
