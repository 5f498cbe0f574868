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
    private static let slot = ThreadRecorderSlot<EnvironmentReadRecorder>()

    static func recordRead(of entry: EnvironmentEntry) {
        slot.current?.record(entry)
    }

    /// Runs `body` with `recorder` collecting this thread's environment reads; nests correctly.
    static func withRecorder<T>(_ recorder: EnvironmentReadRecorder, _ body: () throws -> T) rethrows -> T {
        try slot.with(recorder, body)
    }

    /// Runs `body` without attributing environment reads to any view.
    static func untracked<T>(_ body: () throws -> T) rethrows -> T {
        try slot.with(nil, body)
    }
}
