import Foundation
@testable import StateDB
import Testing

// Rows loaded at open are handed out, compacted and replaced under the store's lock while
// slots mount on other threads, commits run, another process changes rows and the adoption
// scan looks for unused ones. Every value must come out as it was stored (and the thread
// sanitizer's pass of the suite must find no race).

struct LoadedRowsConcurrencyTests {
    private static let count = 3_000

    private static func title(_ number: Int) -> String { "s\(number)-" + String(repeating: "x", count: number % 50) }

    @Test func mountsCommitsAndExternalChangesAtOnceLoseNothing() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            for number in 0..<Self.count { try store.binding(for: "V\(number)/n", default: 0).wrappedValue = number }
            for number in 0..<Self.count { try store.binding(for: "W\(number)/s", default: "").wrappedValue = Self.title(number) }
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        defer { store.close() }
        let other = try StateStore(path: folder.storePath)
        defer { other.close() }
        let group = DispatchGroup()
        let failures = Locked<[String]>([])
        @Sendable func note(_ failure: String) { failures.mutate { $0.append(failure) } }
        DispatchQueue.global().async(group: group) {
            for number in stride(from: 0, to: Self.count, by: 2) {
                do {
                    let value = try store.binding(for: "V\(number)/n", default: -1).wrappedValue
                    if value != number { note("V\(number): \(value)") }
                } catch { note("\(error)") }
            }
        }
        DispatchQueue.global().async(group: group) {
            for number in stride(from: 1, to: Self.count, by: 2) {
                do {
                    let value = try store.binding(for: "W\(number)/s", default: "?").wrappedValue
                    if value != Self.title(number) { note("W\(number): \(value)") }
                } catch { note("\(error)") }
            }
        }
        DispatchQueue.global().async(group: group) {
            for _ in 0..<200 {
                do { try store.flush() } catch { note("flush: \(error)") }
            }
        }
        // Another process changes every seventh odd `V` row, which this store has not mounted.
        DispatchQueue.global().async(group: group) {
            do {
                for number in stride(from: 1, to: Self.count, by: 7) {
                    try other.binding(for: "V\(number)/n", default: 0).wrappedValue = number + 1_000_000
                    if number % 70 == 1 {
                        try other.flush()
                        try store.refreshFromDisk()
                    }
                }
            } catch { note("other: \(error)") }
        }
        DispatchQueue.global().async(group: group) {
            for _ in 0..<100 { _ = store.unusedRows(under: "W1") { _ in true } }
        }
        group.wait()
        try other.flush()
        try store.refreshFromDisk()
        #expect(failures.value.isEmpty, "\(failures.value.prefix(5))")
        for number in stride(from: 1, to: Self.count, by: 2) {
            let expected = number % 7 == 1 ? number + 1_000_000 : number
            #expect(try store.binding(for: "V\(number)/n", default: -1).wrappedValue == expected, "V\(number)")
        }
        for number in stride(from: 0, to: Self.count, by: 2) {
            #expect(try store.binding(for: "W\(number)/s", default: "?").wrappedValue == Self.title(number), "W\(number)")
        }
    }
}
