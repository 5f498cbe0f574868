import Foundation

/// A value guarded by a lock, with `Mutex`'s `withLock` shape.
///
/// Not `Synchronization.Mutex`: on Linux it locks with futexes the thread sanitizer cannot see,
/// so the sanitizer pass in `.ci/run` reported the registry's guarded dictionary as a race.
/// `NSLock` is a pthread mutex, which the sanitizer models.
final class Locked<Value>: @unchecked Sendable {
    // Safe to share: `value` is only reached inside `lock`, in `withLock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// `withLock`, or nil when the lock stays taken until `deadline`.
    func withLock<Result>(before deadline: Date, _ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard lock.lock(before: deadline) else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}
