import Foundation
import PackagePlugin

/// Embeds the package's `Migrations/*.sql` files (SQLite) and `Migrations/postgresql/*.sql`
/// (the PostgreSQL dialect) into the `StateDB` module as Swift source, so the library and the
/// CLI carry their schema with them and never read those folders at run time.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Migrations")
        let postgresFolder = folder.appending(path: "postgresql")
        func sqlFiles(in folder: URL) throws -> [URL] {
            try FileManager.default
                .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "sql" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
        let files = try sqlFiles(in: folder) + sqlFiles(in: postgresFolder)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding the store migrations of Migrations/ and Migrations/postgresql/",
                executable: try context.tool(named: "EmbedMigrationsTool").url,
                // The tool lists the folders itself, and the folders are inputs too: adding a
                // file changes its folder, so the command runs again even though this plan
                // was made before the file existed.
                arguments: [output.path, folder.path, postgresFolder.path],
                inputFiles: [folder, postgresFolder] + files,
                outputFiles: [output]
            )
        ]
    }
}
