import Foundation
import StateDB

/// Collects a store's diagnostics instead of printing them.
final class DiagnosticsRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [StateDiagnostic] = []

    init(_ store: StateStore) {
        store.diagnosticHandler = { [weak self] diagnostic in self?.append(diagnostic) }
    }

    private func append(_ diagnostic: StateDiagnostic) { lock.withLock { recorded.append(diagnostic) } }

    var all: [StateDiagnostic] { lock.withLock { recorded } }
    func of(_ kind: StateDiagnostic.Kind) -> [StateDiagnostic] { all.filter { $0.kind == kind } }
}
