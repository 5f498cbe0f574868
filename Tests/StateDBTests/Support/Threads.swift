import Foundation

/// Runs code on real threads (not tasks: the cooperative pool of a 2-core machine has two) and
/// waits for it with a deadline, so a deadlock fails the test instead of hanging the run.
enum Threads {
    /// Runs `body(0)`…`body(count - 1)` on `count` threads started together; returns whether
    /// every one finished within `seconds`. A thread that did not finish is left blocked.
    static func run(_ count: Int, within seconds: Double = 60, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        for index in 0..<count {
            let thread = Thread {
                start.wait()
                body(index)
                finished.signal()
            }
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        let deadline = DispatchTime.now() + seconds
        for _ in 0..<count where finished.wait(timeout: deadline) == .timedOut { return false }
        return true
    }

    /// Keeps `objects` alive for the rest of the run: a store whose lock a deadlocked thread
    /// holds must never deinitialize (its final flush would wait for that lock forever).
    static func abandon(_ objects: AnyObject...) {
        abandoned.mutate { $0 += objects }
    }
    private static let abandoned = Locked<[AnyObject]>([])

    /// Runs `body` on a thread of its own; returns whether it finished within `seconds`.
    static func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        run(1, within: seconds) { _ in body() }
    }
}

/// A value handed from one thread to others, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) { _value = value }

    var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }

    /// Changes the value in place, under the lock (`value += 1` would be a read, then a write).
    func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { change(&_value) }
    }
}
