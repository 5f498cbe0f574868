import Foundation
@_spi(Admin) import StateDB

/// `statedb import STORE FILE [--replace] [--dry-run] [--json]`: load an export.
struct ImportCommand: Command {
    @Argument("STORE") var store: String
    @Argument("FILE") var file: String
    @Flag(help: "Also delete the store's slots that are not in FILE.") var replace: Bool
    @Flag(help: SharedHelp.dryRun) var dryRun: Bool
    @Flag(help: "Print what changed as JSON.") var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "file": _file, "replace": _replace, "dryRun": _dryRun, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "import",
        summary: "Load slots from a `statedb export` file, validated first, in one transaction.",
        usage: ["import STORE FILE [--replace] [--dry-run] [--json]"],
        discussion: """
            FILE (- for standard input) is checked completely before anything is written: the
            format, every key, and every value against its type (standard types exactly). A
            slot in FILE replaces the store's slot with that key; an equal one is left alone.
            Other slots stay, unless --replace.

            example: statedb import state.sqlite backup.json --dry-run
            """
    )

    private static func label(_ pass: ImportProgress.Pass) -> String {
        switch pass {
        case .checking: "checked"
        case .comparing: "compared"
        case .importing: "imported"
        case .removing: "removed"
        }
    }

    func run(_ console: Console) throws -> ExitCode {
        let result = try withStore(store, dryRun ? .read : .write) { admin in
            let source = file == "-" ? "standard input" : file
            let input: ImportInput
            do { input = try ImportInput(path: file) } catch { throw unreadable() }
            // A line per pass: checked, then imported (compared, for a dry run), then removed.
            var progress: (pass: ImportProgress.Pass, line: Progress)?
            defer { progress?.line.finish() }
            do {
                // Read a slot at a time, so a million slots import in bounded memory.
                return try admin.importExport(from: input, replace: replace, dryRun: dryRun, listKeys: json) { report in
                    if progress?.pass != report.pass {
                        progress?.line.finish()
                        progress = Progress.onTerminal(Self.label(report.pass)).map { (report.pass, $0) }
                    }
                    progress?.line.update(done: report.done, total: report.total)
                }
            } catch let error as ImportInputError {
                switch error {
                case .unreadable: throw unreadable()
                case .notUTF8: throw UsageError("\(source) is not UTF-8 text; JSON must be UTF-8 (nothing was written)")
                case .syntax(let syntax): throw UsageError("\(source): \(syntax)")
                case .notAnObject:
                    // Not an export at all: the whole-document parse says why, with its hints.
                    guard let data = try? input.readAll() else { throw unreadable() }
                    guard let text = String(validating: data, as: UTF8.self) else {
                        throw UsageError("\(source) is not UTF-8 text; JSON must be UTF-8 (nothing was written)")
                    }
                    try admin.checkImportHeader(try parseJSON(text, source: source))
                    throw error  // not reached: a document that is not an object fails the header check
                }
            }
        }
        if json {
            let list = { (keys: [String]) in JSONValue.array(keys.map(JSONValue.string)) }
            console.print(jsonText(.object([
                .init("created", list(result.created)), .init("updated", list(result.updated)),
                .init("unchanged", list(result.unchanged)), .init("removed", list(result.removed)),
            ])))
            return .ok
        }
        let prefix = dryRun ? "would import: " : "imported: "
        console.print(prefix + "\(result.createdCount) created, \(result.updatedCount) updated, \(result.unchangedCount) unchanged, \(result.removedCount) removed")
        return .ok
    }

    /// Why `file` could not be read, as far as `stat` tells.
    private func unreadable() -> UsageError {
        var info = stat()
        guard stat(file, &info) == 0 else {
            let code = errno
            return UsageError("\(file): cannot read the file (\(String(cString: strerror(code)))); \(code == ENOENT ? "check the path" : "check the path and its permissions")")
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return UsageError("\(file) is a folder; give the path of a `statedb export` file")
        case S_IFREG:
            return UsageError("\(file): cannot read the file; check its permissions")
        default:
            // A pipe (`<(…)`), a device: the file is read twice, first to check it all.
            return UsageError("\(file) is not a regular file (a pipe?); import reads its file twice, so give a file, or `-` to read standard input (`statedb import STORE - < FILE`)")
        }
    }
}
