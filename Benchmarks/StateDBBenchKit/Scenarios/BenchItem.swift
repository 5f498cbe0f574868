/// The small `Codable` struct the write scenario stores beside plain integers; the store
/// keeps it as sorted-key JSON text.
public struct BenchItem: Codable, Equatable, Sendable {
    public var title: String
    public var done: Bool
    public var count: Int

    public init(title: String, done: Bool, count: Int) {
        self.title = title
        self.done = done
        self.count = count
    }

    /// The item written by write number `serial`.
    static func serial(_ serial: Int) -> BenchItem {
        BenchItem(title: "item \(serial)", done: serial % 2 == 0, count: serial)
    }
}
