import Foundation
@_spi(Admin) @testable import StateDB
import Testing

/// A store path becomes its `file:` URI's path exactly as Foundation's percent encoding made it
/// (the set a store's open used before: `urlPathAllowed` less `?`, `#` and `%`), so every path
/// opens the same file it did.
struct FileURIPathTests {
    private let foundationAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))

    private func foundation(_ path: String) -> String? {
        path.addingPercentEncoding(withAllowedCharacters: foundationAllowed)
    }

    @Test func everyASCIICharacterIsEscapedAsFoundationEscapesIt() {
        for value in UInt8(1)...UInt8(127) {
            let text = "/tmp/a" + String(UnicodeScalar(value)) + "b.sqlite"
            #expect(FileURIPath.escaped(text) == foundation(text), "byte \(value)")
        }
    }

    @Test(arguments: [
        "/home/me/.local/state/app/state.sqlite",
        "relative/state.sqlite",
        "/tmp/what?#%25 now.sqlite",
        "/tmp/café/状態 🎛️.sqlite",
        "/tmp/e\u{301}\u{200B}\u{202E}.sqlite",
        "",
        "%",
        "/tmp/100%/a?b=c#d",
    ])
    func pathsAreEscapedAsFoundationEscapesThem(path: String) {
        #expect(FileURIPath.escaped(path) == foundation(path))
    }

    /// A store whose path needs escaping opens through the URI (a `?` would otherwise start
    /// its parameters, a `%` an escape).
    @Test func aStoreAtAPathThatNeedsEscapingOpens() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("a ?#%25 é.sqlite")
        let store = try StateStore(path: path)
        try store.binding(for: "count", default: 0).wrappedValue = 5
        try store.flush()
        store.close()
        let admin = try StoreAdmin(path: path, access: .read)
        defer { admin.close() }
        #expect(try admin.slot("count").value == .number("5"))
    }
}
