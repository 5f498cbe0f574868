import Foundation
import Testing

/// Every Swift example in the docs compiles against the package as built: the ```swift blocks
/// of README.md and docs/*.md, one file per document (so later blocks may use what earlier
/// ones declare), type-checked by `swiftc` with the test run's own StateDB and StateDBTerminal
/// modules.
///
/// A block whose fence reads ```swift fragment is left out (a few lines shown out of
/// context); code between `<!-- swift` and `-->` is compiled but not shown (what an example
/// takes as given, such as a path).
@Suite("docs: Swift examples compile")
struct DocExamplesCompileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized

    static var documents: [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// The compiled code of a document: its swift blocks and hidden code, in order.
    static func code(of markdown: String) -> (code: String, blocks: Int) {
        var code = "import Foundation\nimport StateDB\nimport StateDBTerminal\n"
        var blocks = 0
        var inside: String?  // the kind of block being read
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let kind = inside {
                if (kind == "swift" || kind == "fragment") && trimmed.hasPrefix("```") || kind == "hidden" && trimmed == "-->" {
                    inside = nil
                    continue
                }
                if kind == "other" && trimmed.hasPrefix("```") { inside = nil; continue }
                if kind != "fragment" && kind != "other" { code += line + "\n" }
                continue
            }
            if trimmed == "```swift" {
                inside = "swift"
                blocks += 1
                code += "// block \(blocks)\n"
            } else if trimmed.hasPrefix("```swift ") {
                inside = "fragment"
            } else if trimmed.hasPrefix("```") {
                inside = "other"
            } else if trimmed == "<!-- swift" {
                inside = "hidden"
            }
        }
        return (code, blocks)
    }

    /// The folder holding the test run's modules (`StateDB.swiftmodule`).
    static var modules: URL? {
        let build = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [build.appendingPathComponent("Modules"), build] {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("StateDB.swiftmodule").path) { return candidate }
        }
        return nil
    }

    @Test(arguments: documents.map(\.lastPathComponent))
    func examplesCompile(_ name: String) throws {
        let url = Self.documents.first { $0.lastPathComponent == name }!
        let (code, blocks) = Self.code(of: try String(contentsOf: url, encoding: .utf8))
        guard blocks > 0 else { return }
        let modules = try #require(Self.modules, "no StateDB.swiftmodule beside the test runner")
        let folder = TemporaryDirectory()
        let file = URL(fileURLWithPath: folder.path("main.swift"))
        try code.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A document whose examples declare an `@main` app is compiled as a library's file
        // (`@main` and top-level code cannot share a file); its blocks hold declarations only.
        let mode = code.contains("@main") ? ["-parse-as-library"] : []
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6"] + mode + ["-I", modules.path,
                             // The C modules StateDB imports (their module maps are not in the build's folder).
                             "-Xcc", "-fmodule-map-file=" + Self.root.appendingPathComponent("Sources/CSQLite/module.modulemap").path,
                             "-Xcc", "-fmodule-map-file=" + Self.root.appendingPathComponent("Sources/CLibPQ/module.modulemap").path,
                             "-Xcc", "-fmodule-map-file=" + Self.root.appendingPathComponent("Sources/CInterruptCleanup/include/module.modulemap").path,
                             "-Xcc", "-I/usr/include/postgresql",
                             file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name): its Swift examples do not compile:\n\(output)\n--- compiled as:\n\(code)")
    }

    @Test func fencesAreReadAsDocumented() {
        let (code, blocks) = Self.code(of: """
            ```swift
            let a = 1
            ```
            ```swift fragment
            not compiled
            ```
            ```sh
            echo no
            ```
            <!-- swift
            let b = 2
            -->
            """)
        #expect(blocks == 1)
        #expect(code.contains("let a = 1") && code.contains("let b = 2"))
        #expect(!code.contains("not compiled") && !code.contains("echo"))
    }
}
