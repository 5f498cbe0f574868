import Foundation
@_spi(Admin) import StateDB
import Testing

/// `statedb import` reads its file a chunk (1 MiB) at a time and writes in batches (5,000
/// rows): documents larger than both import exactly, and a bad entry far past the first chunk
/// and batch still refuses the whole import with nothing written.
@Suite struct CLIImportStreamTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    /// `count` entries in key order, each value mostly four-byte characters, so that chunk
    /// boundaries fall inside characters.
    private func entries(_ count: Int) -> [(key: String, type: String, value: JSONValue)] {
        (0..<count).map { index in
            let key = "Bulk/item" + String(repeating: "0", count: 6 - String(index).count) + String(index)
            switch index % 4 {
            case 0: return (key, "Swift.Int", .number(String(index * 7 - 9_000)))
            case 1: return (key, "Swift.String", .string("é😀\(index)\u{1B}\"\\" + String(repeating: "😀", count: index % 23)))
            case 2: return (key, "Swift.Bool", .bool(index % 3 == 0))
            default: return (key, "Swift.Double", .number("\(index).5"))
            }
        }
    }

    private func document(_ entries: [(key: String, type: String, value: JSONValue)], leading: Int = 0) -> String {
        let slots = entries.map { JSONValue.object([.init("key", .string($0.key)), .init("type", .string($0.type)), .init("value", $0.value)]) }
        let body = JSONValue.object([.init("format", .string("statedb-export")), .init("formatVersion", .number("1")),
                                     .init("slots", .array(slots))]).serialized(pretty: true)
        return String(repeating: " ", count: leading) + body
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let file = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test func aDocumentLargerThanTheChunkImportsExactly() throws {
        let slots = entries(16_000)
        // Shifted until the first chunk's end cuts a character in two.
        let chunk = 1 << 20
        let unshifted = Array(document(slots).utf8)
        let inside = try #require(unshifted[..<chunk].lastIndex { $0 & 0xC0 == 0x80 })
        let text = document(slots, leading: chunk - inside)
        #expect(Array(text.utf8)[chunk] & 0xC0 == 0x80)
        let file = try write(text, "big.json")

        let run = try CLI.run("import", path, file, "--replace")
        #expect(run.stdout == "imported: 16000 created, 0 updated, 0 unchanged, 9 removed\n", "\(run)")
        let export = try CLI.run("export", path)
        let exported = try JSONValue.parse(export.stdout)
        guard case .array(let rows)? = exported["slots"] else { Issue.record("no slots: \(export)"); return }
        #expect(rows.count == slots.count)
        for (row, slot) in zip(rows, slots) {
            #expect(row["key"] == .string(slot.key) && row["type"] == .string(slot.type) && row["value"] == slot.value, "\(row)")
        }
        #expect(try CLI.run("import", path, file).stdout == "imported: 0 created, 0 updated, 16000 unchanged, 0 removed\n")

        // The same slots out of key order (duplicates then need every key): the same store.
        let reversed = try write(document(slots.reversed()), "reversed.json")
        let again = try CLI.run("import", path, reversed, "--replace", "--dry-run")
        #expect(again.stdout == "would import: 0 created, 0 updated, 16000 unchanged, 0 removed\n", "\(again)")
        // Standard input is read twice too (from a copy).
        let piped = try CLI.run(["import", path, "-", "--replace"], stdin: text)
        #expect(piped.stdout == "imported: 0 created, 0 updated, 16000 unchanged, 0 removed\n", "\(piped)")
    }

    @Test func aBadEntryAfterManyGoodOnesWritesNothingAndSaysWhich() throws {
        let bytes = try fileBytes(path)
        let slots = entries(12_000)
        var badValue = slots
        badValue[11_000].value = .string("x")
        var duplicate = slots
        duplicate[11_500] = slots[11_499]
        var misspelledType = slots
        misspelledType[11_200].type = "Swift.Optional<Swift.Strin>"
        var unsortedDuplicate = Array(slots.reversed())
        unsortedDuplicate[11_800] = unsortedDuplicate[3]
        let cases: [(String, Int32, String)] = [
            (document(badValue), 3, #"the import file's slots[11000] ("Bulk/item011000") is Swift.Int: got a string ("x"), expected a whole number from -9223372036854775808 to 9223372036854775807 (Int); nothing was imported."#),
            (document(duplicate), 2, #"the import file has "Bulk/item011499" twice (slots[11500]); nothing was imported."#),
            (document(misspelledType), 2, #"the import file has slots[11200] ("Bulk/item011200") of type Swift.Optional<Swift.Strin>, where Swift.Strin is not a standard type; write Swift.String in its "type"; nothing was imported."#),
            (document(unsortedDuplicate), 2, #"the import file has "Bulk/item011996" twice (slots[11800]); nothing was imported."#),
        ]
        // The first case in all three modes, the others each in one, in turn: every import of a
        // large file in the unoptimised `statedb` takes a second (three under a sanitizer).
        let modes = [[], ["--replace"], ["--dry-run"]]
        for (index, (text, status, message)) in cases.enumerated() {
            let file = try write(text, "bad\(index).json")
            for extra in index == 0 ? modes : [modes[index % modes.count]] {
                let run = try CLI.run(["import", path, file] + extra)
                #expect(run.status == status, "\(run)")
                #expect(run.stderr == "statedb import: \(path): \(message)\n", "\(run)")
                #expect(try fileBytes(path) == bytes)
            }
        }
        // A syntax error at the very end outranks a bad entry near the start, as it always did.
        var early = slots
        early[1].value = .number("1")
        let text = document(early)
        let truncated = try write(String(text.dropLast()), "truncated.json")
        let run = try CLI.run("import", path, truncated)
        #expect(run.stderr == "statedb import: \(truncated): invalid JSON at position \(text.utf8.count): the object is not closed with }\n", "\(run)")
        #expect(try fileBytes(path) == bytes)
    }
}
