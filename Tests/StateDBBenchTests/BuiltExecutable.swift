import Foundation

/// The path of the executable `name` that `swift test` built beside the test bundle (or, run
/// from elsewhere, in the package's debug build folder).
func builtExecutable(_ name: String) -> String {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [bundle.appendingPathComponent(name).path, packageRoot.appendingPathComponent(".build/debug/\(name)").path]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
}
