@_spi(Admin) import StateDB
import Foundation

/// A subcommand: what `--help` says of it, its options and arguments as properties
/// (`Flag`, `Option`, `Argument`), and what it does with them.
///
/// docs/cli-library.md shows how to add one.
protocol Command {
    static var configuration: CommandConfiguration { get }
    /// The declarations, each under its property's name, in the order written (the order
    /// `--help` lists them in): `["store": _store, "json": _json]`.
    ///
    /// Listed rather than found by reflection: `Mirror` and the casts it needs cost a
    /// one-key command a quarter of its start (the runtime searches every conformance of the
    /// binary). `ArgumentParserTests` holds each list equal to what reflection finds.
    var declarations: KeyValuePairs<String, any DeclaredArgument> { get }
    /// A command with nothing parsed yet; the parser fills in its declarations.
    init()
    /// Runs with the parsed options. Throws `UsageError`, `AdminError` or `StateStoreError`,
    /// which become one line on standard error and an exit code.
    func run(_ console: Console) throws -> ExitCode
}

/// What help says of a command, apart from its options (which come from the declarations).
struct CommandConfiguration {
    let name: String
    /// One line for the command list.
    let summary: String
    /// The forms of the command, without `statedb `: `inspect STORE [--prefix P] [--json]`.
    let usage: [String]
    /// Paragraphs and examples after the usage.
    var discussion: String = ""

    /// The forms on one line, for messages: `statedb rm STORE KEY | statedb rm STORE --prefix P`.
    var usageLine: String { usage.map { "statedb " + $0 }.joined(separator: " | ") }
}

/// Every subcommand, in the order `statedb --help` lists them.
var commands: [any Command.Type] {
    [InspectCommand.self, GetCommand.self, SetCommand.self, RemoveCommand.self, MoveCommand.self,
     OrphansCommand.self, GCCommand.self, CheckCommand.self, RecoverCommand.self, QuarantineCommand.self,
     ExportCommand.self, ImportCommand.self, MigrateCommand.self]
}

/// The command named `name`.
func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.configuration.name == name }
}

/// Opens the store at `path`, runs `body`, closes it. Reading never creates or writes a
/// byte; nothing creates a missing store.
///
/// When `body` throws (a refused command) and a `-wal` holding transactions was there before
/// the open (another process has the store open, or one crashed), the store is closed without
/// the checkpoint that would copy that `-wal` into the file and remove it: the files stay as
/// they were. An empty `-wal` (the open's own, or one a read left) is removed by the normal
/// close, which copies nothing.
@discardableResult
func withStore<T>(_ path: String, _ access: StoreAdmin.Access, _ body: (StoreAdmin) throws -> T) throws -> T {
    // `lstat`, not `FileManager.attributesOfItem`: its dictionary of `Any` and the cast of the
    // size out of it cost ~0.9 M instructions, a tenth of a whole `statedb get`.
    var wal = stat()
    let hadWAL = lstat(path + "-wal", &wal) == 0 && wal.st_size > 0
    let admin = try StoreAdmin(path: path, access: access)
    do {
        let result = try body(admin)
        admin.close()
        return result
    } catch {
        if hadWAL { admin.closeLeavingSideFiles() } else { admin.close() }
        throw error
    }
}
