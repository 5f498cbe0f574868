/// Records which test views ran their body, in order, so tests can assert exactly which
/// views re-ran after a change.
@MainActor
enum EvaluationLog {
    private(set) static var names: [String] = []

    static func record(_ name: String) { names.append(name) }

    /// The names recorded since the last call, then clears them.
    static func take() -> [String] {
        defer { names = [] }
        return names
    }
}
