@_spi(Admin) import StateDB
import Foundation

/// `statedb export STORE [-o FILE]`: every slot as one JSON document.
struct ExportCommand: Command {
    @Argument("STORE") var store: String
    @Option(short: "o", value: "FILE", help: "Write to FILE (mode 0600, replaced atomically; `-` is standard output) instead of standard output.") var output: String?

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "output": _output]
    }

    static let configuration = CommandConfiguration(
        name: "export",
        summary: "Write every slot as a JSON document (to standard output or FILE).",
        usage: ["export STORE [-o FILE]"],
        discussion: """
            The document: {"format": "statedb-export", "formatVersion": 1, "schemaVersion": …,
            "exportedAt": …, "slots": [{"key", "type", "value", "updated"}, …]}, values in the
            form `statedb get` prints (bytes as {"$base64": "…"}, never lossy). Quarantined
            values are not exported. A value that cannot be read, or does not fit its standard
            type, stops the export (exit 5), so that every export imports.
            FILE gets mode 0600, like the store; it may not be a link or a special file.

            example: statedb export state.sqlite -o backup.json
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let path = store
        // `-o -` is standard output, as `-` is standard input for `set` and `import`.
        let output = self.output.flatMap { $0 == "-" ? nil : $0 }
        if output?.isEmpty == true { throw UsageError("-o needs the path of the file to write (or - for standard output)") }
        if let output, Self.sameFile(output, path) {
            throw UsageError("-o \(output) is the store itself; choose another file")
        }
        var count = 0
        try withStore(path, .read) { admin in
            let schemaVersion = try admin.schemaVersion
            let progress = Progress.onTerminal("exported") { try admin.slotCount() }
            func stream(_ output: OutputBuffer) throws {
                count = try Self.writeDocument(admin, schemaVersion: schemaVersion, to: output, progress: progress)
            }
            guard let output else {
                let standardOutput = OutputBuffer()
                try standardOutput.streamingDocument {
                    try stream(standardOutput)
                    try standardOutput.flush()
                }
                progress?.finish()
                return
            }
            // The export holds every value of the store, which is private: so is the export.
            try PrivateFile.write(to: output, stream)
            progress?.finish()
        }
        if let output { console.print("exported \(count) slot(s) to \(printable(output))") }
        return .ok
    }

    /// The export document, slot by slot, as `jsonText` would indent it (byte for byte): the
    /// format, its version, the schema version, `exportedAt` and the slots; and a line break.
    private static func writeDocument(_ admin: StoreAdmin, schemaVersion: Int, to output: OutputBuffer, progress: Progress?) throws -> Int {
        try output.append { bytes in
            bytes.append(contentsOf: "{\n  \"format\": ".utf8)
            JSONValue.appendString(ExportFormat.name, to: &bytes)
            bytes.append(contentsOf: ",\n  \"formatVersion\": \(ExportFormat.version),\n  \"schemaVersion\": \(schemaVersion),\n  \"exportedAt\": ".utf8)
            JSONValue.appendString(StoreAdmin.exportTimestamp, to: &bytes)
            bytes.append(contentsOf: ",\n  \"slots\": ".utf8)
        }
        var count = 0
        try admin.exportSlots { slot in
            try output.append { bytes in
                bytes.append(count == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
                bytes.append(contentsOf: "\n    {\n      \"key\": ".utf8)
                JSONValue.appendString(slot.key, to: &bytes)
                bytes.append(contentsOf: ",\n      \"type\": ".utf8)
                JSONValue.appendString(slot.type, to: &bytes)
                bytes.append(contentsOf: ",\n      \"value\": ".utf8)
                slot.value!.append(to: &bytes, pretty: true, indent: 3)
                bytes.append(contentsOf: ",\n      \"updated\": \"".utf8)
                StoreAdmin.appendISOTimestamp(milliseconds: slot.updatedAt, to: &bytes)
                bytes.append(contentsOf: "\"\n    }".utf8)
            }
            count += 1
            progress?.advance()
        }
        try output.append(count == 0 ? "[]\n}\n" : "\n  ]\n}\n")
        return count
    }

    /// Whether two paths name one file (or the store's WAL and shared-memory files).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        let resolved = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let target = resolved(a), store = resolved(b)
        return [store, store + "-wal", store + "-shm", store + "-journal"].contains(target)
    }
}
