import Foundation
import StateDB
import Testing

/// An app opening a store it may not write is refused at once, naming the file, rather than
/// showing the user's edits and losing them at every commit.
@Suite("todo, unwritable store")
struct TodoUnwritableStoreTests {
    let folder = TemporaryDirectory()

    @Test func aReadOnlyStoreFileIsRefusedAtOpenAndLeftAsItWas() throws {
        if getuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root needs setpriv to drop its power over file permissions")
        }
        let store = folder.storePath
        let first = try TodoBinary.run(["--store", store], input: "add Buy milk\nquit\n")
        #expect(first.status == 0, "\(first.errors)")
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: store)
        let bytes = try fileBytes(store)

        let refused = try TodoBinary.run(["--store", store], input: "add Call mom\nquit\n", asUnprivileged: true)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("the store file is not writable by this process (mode 0400"), "\(refused.errors)")
        #expect(!refused.output.contains("Call mom"), "nothing was shown as if kept")
        #expect(try fileBytes(store) == bytes)
    }
}
