import Foundation
import StateDB
import Synchronization
import Testing

/// Encoding a value for its row keeps nothing alive afterwards: the encoders a struct, an
/// array and their nested values were written through are all freed once the commit is done.
/// (They once referred to themselves, so each commit of a struct or an array leaked the
/// encoded value's whole tree: ~1 MB a commit of a list of 2,000 small structs.)
@Suite(.serialized)
struct EncoderLifetimeTests {
    /// Weak references to every encoder a `Tracked` value was encoded with.
    private static let encoders = Mutex<[WeakEncoder]>([])

    private struct WeakEncoder: @unchecked Sendable {  // only read under `encoders`' lock
        weak var object: AnyObject?
    }

    /// A value that notes the encoder it is given, then encodes as a plain struct would.
    private struct Tracked: Codable, Equatable {
        var number: Int
        var tags: [String]

        private enum CodingKeys: String, CodingKey { case number, tags }

        init(number: Int, tags: [String]) {
            self.number = number
            self.tags = tags
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            number = try container.decode(Int.self, forKey: .number)
            tags = try container.decode([String].self, forKey: .tags)
        }

        func encode(to encoder: any Encoder) throws {
            let reference = WeakEncoder(object: encoder as AnyObject)
            EncoderLifetimeTests.encoders.withLock { $0.append(reference) }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(tags, forKey: .tags)
        }
    }

    @Test func aCommittedStructAndArrayLeaveNoEncoderAlive() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.path("lifetime.sqlite"))
        let single = try store.binding(for: "Lifetime/single", default: Tracked(number: 0, tags: []))
        let list = try store.binding(for: "Lifetime/list", default: [Tracked]())
        Self.encoders.withLock { $0 = [] }
        for round in 1...5 {
            single.wrappedValue = Tracked(number: round, tags: ["a", "b"])
            list.wrappedValue = (0..<round).map { Tracked(number: $0, tags: ["x\($0)"]) }
            try store.flush()
        }
        let (seen, alive) = Self.encoders.withLock { references in
            (references.count, references.filter { $0.object != nil }.count)
        }
        #expect(seen >= 5 + 15, "each committed value was encoded: \(seen)")
        #expect(alive == 0, "\(alive) of \(seen) encoders are still alive after their commits")
        store.close()
        let reopened = try StateStore(path: folder.path("lifetime.sqlite"))
        #expect(try reopened.binding(for: "Lifetime/list", default: [Tracked]()).wrappedValue.map(\.number) == [0, 1, 2, 3, 4])
    }
}
