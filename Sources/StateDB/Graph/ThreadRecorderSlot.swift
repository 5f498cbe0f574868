import Foundation

/// A per-thread slot for the recorder of the body being evaluated on that thread (of slot
/// reads, `ReadTracker`; of environment reads, `EnvironmentReadTracker`), so reads made on
/// other threads (a background task touching a binding) are never attributed to a view.
///
/// The slot holds the recorder unretained (`Unmanaged`, the only way to put a Swift object in
/// a `pthread` key): it is there only while `with` runs, and the caller's reference keeps it
/// alive all that time.
struct ThreadRecorderSlot<Recorder: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The recorder of this thread's body, nil outside one (or inside `with(nil)`).
    @inline(__always)
    var current: Recorder? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Recorder>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with `recorder` (nil: none) collecting this thread's reads; nests correctly.
    func with<T>(_ recorder: Recorder?, _ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, recorder.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
}
