@_spi(Admin) import StateDB
import Foundation

/// `statedb export STORE [-o FILE]`: every slot as one JSON document.
struct ExportCommand: Command {
    @Argument("STORE") var store: String
    @Option(short: "o", value: "FILE", help: "Write to FILE (mode 0600, replaced atomically; `-` is standard output) instead of standard output.") var output: String?

    static let configuration = CommandConfiguration(
        name: "export",
        summary: "Write every slot as a JSON document (to standard output or FILE).",
        usage: ["export STORE [-o FILE]"],
        discussion: """
            The document: {"format": "statedb-export", "formatVersion": 1, "schemaVersion": …,
            "exportedAt": …, "slots": [{"key", "type", "value", "updated"}, …]}, values in the
            form `statedb get` prints (bytes as {"$base64": "…"}, never lossy). Quarantined
            values are not exported. A value that cannot be read stops the export (exit 5).
            FILE gets mode 0600, like the store; it may not be a link or a special file.

            example: statedb export state.sqlite -o backup.json
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let path = store
        // `-o -` is standard output, as `-` is standard input for `set` and `import`.
        let output = self.output.flatMap { $0 == "-" ? nil : $0 }
        if let output, Self.sameFile(output, path) {
            throw UsageError("-o \(output) is the store itself; choose another file")
        }
        let document = try withStore(path, .read) { try $0.exportDocument() }
        let text = jsonText(document) + "\n"
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return .ok
        }
        // The export holds every value of the store, which is private: so is the export.
        try PrivateFile.write(Data(text.utf8), to: output)
        console.print("exported \(document["slots"].map { if case .array(let slots) = $0 { slots.count } else { 0 } } ?? 0) slot(s) to \(printable(output))")
        return .ok
    }

    /// Whether two paths name one file (or the store's WAL and shared-memory files).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        let resolved = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let target = resolved(a), store = resolved(b)
        return [store, store + "-wal", store + "-shm", store + "-journal"].contains(target)
    }
}
