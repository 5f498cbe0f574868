import Foundation

/// Collects the environment entries a body reads while it runs (as `ReadTracker` does for
/// slots), so the view re-runs when one of them changes — and only then.
final class EnvironmentReadRecorder {
    private(set) var reads: [EnvironmentEntry] = []
    /// A body is being evaluated with this recorder.
    var isRecording = false

    func record(_ entry: EnvironmentEntry) {
        guard !reads.contains(where: { $0 === entry }) else { return }
        reads.append(entry)
    }

    func takeReads() -> [EnvironmentEntry] {
        defer { reads = [] }
        return reads
    }
}

/// The recorder of the body being evaluated on *this thread*, if any.
enum EnvironmentReadTracker {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static func recordRead(of entry: EnvironmentEntry) {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<EnvironmentReadRecorder>.fromOpaque(raw).takeUnretainedValue().record(entry)
    }

    /// Runs `body` with `recorder` collecting this thread's environment reads; nests correctly.
    static func withRecorder<T>(_ recorder: EnvironmentReadRecorder, _ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(recorder).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try body()
    }

    /// Runs `body` without attributing environment reads to any view.
    static func untracked<T>(_ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, nil)
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
}
