import Foundation
import Testing

/// libpq is loaded on first PostgreSQL use, never at process start: the real `statedb` binary
/// on a SQLite file maps none of it, a `postgresql://` URL loads it then, and without it a URL
/// is one clear error while SQLite files keep working. (The loader's own trace, `LD_DEBUG`,
/// says which libraries a process loaded.)
@Suite struct LibPQLoadingTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }
    /// Port 1 on the loopback refuses at once: the command gets as far as connecting.
    static let unreachable = "postgresql://127.0.0.1:1/statedb?connect_timeout=2"

    init() throws { try makeSampleStore(at: folder.storePath) }

    static var libpqInstalled: Bool {
        guard let library = dlopen("libpq.so.5", RTLD_LAZY | RTLD_NOLOAD) ?? dlopen("libpq.so.5", RTLD_LAZY) else { return false }
        dlclose(library)
        return true
    }

    @Test func aSQLiteCommandNeverLoadsLibPQ() throws {
        let run = try CLI.run(["get", path, SampleKeys.count], environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0 && run.stdout == "3\n", "\(run)")
        // The trace is there (it names SQLite's library), and libpq is not in it.
        #expect(run.stderr.contains("libsqlite3"), "no loader trace: \(run.stderr.prefix(300))")
        #expect(!run.stderr.contains("libpq"), "libpq was loaded for a SQLite file")
    }

    @Test(.enabled(if: libpqInstalled, "needs libpq (apt install libpq5)"))
    func aPostgreSQLURLLoadsLibPQWhenItIsOpened() throws {
        let run = try CLI.run(["get", Self.unreachable, SampleKeys.count], environment: ["LD_DEBUG": "libs"])
        #expect(run.status != 0, "\(run)")
        #expect(run.stderr.contains("libpq.so.5"), "libpq was not loaded for a URL: \(run.stderr.suffix(600))")
        #expect(run.stderr.contains("cannot connect to the PostgreSQL server"), "\(run.stderr.suffix(600))")
    }

    @Test func withoutLibPQAURLIsOneClearErrorAndSQLiteFilesStillWork() throws {
        let missing = ["STATEDB_LIBPQ": folder.path("no-such-dir/libpq.so.5")]
        let url = try CLI.run(["get", Self.unreachable, SampleKeys.count], environment: missing)
        #expect(url.status != 0 && url.stdout.isEmpty, "\(url)")
        #expect(url.stderr.contains("PostgreSQL support needs libpq: apt install libpq5"), "\(url)")
        #expect(url.stderr.contains("no-such-dir/libpq.so.5"), "the reason names the file: \(url)")
        #expect(!url.stderr.contains("cannot connect"), "no connection was tried: \(url)")

        let file = try CLI.run(["get", path, SampleKeys.count], environment: missing)
        #expect(file.status == 0 && file.stdout == "3\n", "\(file)")
        let write = try CLI.run(["set", path, SampleKeys.count, "4"], environment: missing)
        #expect(write.status == 0, "\(write)")
        #expect(try CLI.run("get", path, SampleKeys.count).stdout == "4\n")
    }

    @Test func aLibraryThatIsNotLibPQIsRefusedAsSuch() throws {
        // SQLite's library loads, but has none of libpq's functions.
        let run = try CLI.run(["get", Self.unreachable, SampleKeys.count], environment: ["STATEDB_LIBPQ": "libsqlite3.so.0"])
        #expect(run.status != 0, "\(run)")
        #expect(run.stderr.contains("PostgreSQL support needs libpq: apt install libpq5"), "\(run)")
        #expect(run.stderr.contains("libsqlite3.so.0 is not libpq"), "\(run)")
    }
}
