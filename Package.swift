// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "statedb",
    products: [
        .library(name: "StateDB", targets: ["StateDB"]),
        .executable(name: "statedb", targets: ["StateDBCommand"]),
        .library(name: "StateDBTerminal", targets: ["StateDBTerminal"]),
        .executable(name: "todo", targets: ["Todo"]),
        .executable(name: "statedb-bench", targets: ["statedb-bench"]),
    ],
    targets: [
        // SQLite from the system (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libpq's header (Debian: libpq-dev), for stores on a PostgreSQL server
        // (docs/postgresql.md). No pkg-config: its flags would link libpq into every
        // executable; the library is loaded on first PostgreSQL use instead (libpq5 at run
        // time, only for PostgreSQL).
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        // SHA-256 of the migration files, computed at build time by EmbedMigrationsTool.
        .target(
            name: "SchemaChecksum",
            path: "Sources/SchemaChecksum"
        ),
        // Turns Migrations/*.sql into Swift source at build time, so nothing reads that
        // folder at run time, with each file's checksum and the schema each version defines
        // (found by running the migrations in an in-memory SQLite database), so no process
        // has to work them out.
        .executableTarget(
            name: "EmbedMigrationsTool",
            dependencies: ["CSQLite", "SchemaChecksum"],
            path: "Sources/EmbedMigrationsTool"
        ),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["EmbedMigrationsTool"],
            path: "Plugins/EmbedMigrations"
        ),
        // What the `statedb` tool's interrupt cleanup does while the command's thread is
        // parked: C, with async-signal-safe calls only (see its header).
        .target(
            name: "CInterruptCleanup",
            path: "Sources/CInterruptCleanup"
        ),
        .target(
            name: "StateDB",
            dependencies: ["CSQLite", "CLibPQ", "CInterruptCleanup"],
            path: "Sources/StateDB",
            plugins: ["EmbedMigrations"]
        ),
        // Runs a ViewHost in a terminal: raw mode, focus, keys, redraw.
        .target(
            name: "StateDBTerminal",
            dependencies: ["StateDB"],
            path: "Sources/StateDBTerminal"
        ),
        .executableTarget(
            name: "Todo",
            dependencies: ["StateDB", "StateDBTerminal"],
            path: "Examples/Todo"
        ),
        // The `statedb` tool's commands and their parser, a library so the tests reach them;
        // CLI/ is the executable, a few lines.
        .target(
            name: "StateDBCommandLine",
            dependencies: ["StateDB"],
            path: "Sources/StateDBCommandLine"
        ),
        .executableTarget(
            name: "StateDBCommand",
            dependencies: ["StateDBCommandLine"],
            path: "CLI"
        ),
        // Spawned by the tests to prove durability across real process deaths.
        .executableTarget(
            name: "statedb-test-helper",
            dependencies: ["StateDB", "StateDBTerminal"],
            path: "Tests/Helper"
        ),
        // Benchmarks (BENCHMARKS.md): the scenarios live in a library so a smoke test can run
        // them with tiny sizes.
        .target(
            name: "StateDBBenchKit",
            dependencies: ["StateDB", "CSQLite", "CLibPQ"],
            path: "Benchmarks/StateDBBenchKit",
            // The --postgres floor (BareLibPQ) calls libpq itself, so it links it: the
            // benchmark's start is not measured, and StateDB's lazy loading stays StateDB's.
            linkerSettings: [.linkedLibrary("pq")]
        ),
        .executableTarget(
            name: "statedb-bench",
            dependencies: ["StateDBBenchKit"],
            path: "Benchmarks/statedb-bench"
        ),
        .testTarget(
            name: "StateDBBenchTests",
            dependencies: ["StateDBBenchKit"],
            path: "Tests/StateDBBenchTests"
        ),
        .testTarget(
            name: "StateDBTests",
            dependencies: ["StateDB", "StateDBTerminal", "StateDBCommandLine", "CSQLite", "SchemaChecksum"],
            path: "Tests/StateDBTests",
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
