import Foundation
import PackagePlugin

/// Embeds the package's `Migrations/*.sql` files into the `StateDB` module as Swift source,
/// so the library and the CLI carry their schema with them and never read that folder at
/// run time.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Migrations")
        let files = try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding the store migrations of Migrations/",
                executable: try context.tool(named: "EmbedMigrationsTool").url,
                // The tool lists the folder itself, and the folder is an input too: adding a
                // file changes the folder, so the command runs again even though this plan
                // was made before the file existed.
                arguments: [output.path, folder.path],
                inputFiles: [folder] + files,
                outputFiles: [output]
            )
        ]
    }
}
