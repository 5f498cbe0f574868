import Foundation
@_spi(Admin) import StateDB
import Testing

/// Paths Foundation's `deletingLastPathComponent` crashed on (a one-character name, `~`), which
/// killed an app opening a store named `s` and `statedb export … -o e`; and a `~` path, which
/// only a shell expands, is refused rather than made a folder named `~`.
struct ShortPathTests {
    let folder = TemporaryDirectory()

    @Test(arguments: [
        ("s", ""), ("~", ""), ("~/", ""), ("state.sqlite", ""), ("/", "/"), ("/s", "/"), ("//s", "/"),
        ("a/b", "a"), ("a//b", "a"), ("a/b/", "a"), ("/a/b/c.sqlite", "/a/b"), ("~/x.db", "~"), ("é/ü", "é"),
    ])
    func theFolderOfAPath(path: String, folder: String) {
        #expect(FolderPath.of(path) == folder)
    }

    /// Each process runs in the test's folder, so the relative paths land there.
    func helper(_ arguments: [String]) throws -> CLI.Run {
        try CLI.runProcess(try TestHelper.executable().path, arguments, in: folder.url.path)
    }

    @Test func aStoreNamedWithOneCharacterOpens() throws {
        let run = try helper(["open", "s"])
        #expect(run.stdout == "opened\n", "\(run)")
        #expect(try StoreAdmin(path: folder.path("s"), access: .read).check().integrity == ["ok"])
    }

    @Test func aPathStartingWithAnUnexpandedTildeIsRefused() throws {
        for path in ["~/state.sqlite", "~", "~root/state.sqlite"] {
            let run = try helper(["open", path])
            #expect(run.stdout.hasPrefix("refused cannotOpen: the path starts with ~"), "\(path): \(run)")
            #expect(run.stdout.contains("only a shell expands"), "\(path): \(run)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing was created")
    }

    /// A file whose name only starts with `~` is not a home folder.
    @Test func aFileNamedWithALeadingTildeOpens() throws {
        let run = try helper(["open", "~draft.sqlite"])
        #expect(run.stdout == "opened\n", "\(run)")
        #expect(FileManager.default.fileExists(atPath: folder.path("~draft.sqlite")))
    }

    /// A folder literally named `~` that exists is a folder like any other.
    @Test func anExistingFolderNamedTildeIsUsed() throws {
        try FileManager.default.createDirectory(atPath: folder.path("~"), withIntermediateDirectories: false)
        let run = try helper(["open", "~/state.sqlite"])
        #expect(run.stdout == "opened\n", "\(run)")
        #expect(FileManager.default.fileExists(atPath: folder.path("~/state.sqlite")))
    }

    @Test func anExportToAOneCharacterNameIsWritten() throws {
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "App/count", default: 0).wrappedValue = 4
        try store.flush()
        store.close()
        let run = try CLI.runProcess(CLI.binary, ["export", folder.storePath, "-o", "e"], in: folder.url.path)
        #expect(run.status == 0, "\(run)")
        let exported = try #require(FileManager.default.contents(atPath: folder.path("e")))
        #expect(String(decoding: exported, as: UTF8.self).contains("\"App/count\""))
    }
}
