import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A `GeometryReader` in the terminal host is built again with the new room when the window is
/// resized, as SwiftUI lays a reader out again when its room changes.
struct TerminalGeometryTests {
    @Test func aResizedWindowGivesTheGeometryReaderItsNewRoom() throws {
        let folder = TemporaryDirectory()
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let process = try terminal.spawn(try TestHelper.executable(), ["terminal-geometry", folder.storePath])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(terminal.waitFor("room: 60 columns, 24 rows"), "it drew:\n\(terminal.output)")

        var size = winsize(ws_row: 30, ws_col: 72, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(terminal.controller, UInt(TIOCSWINSZ), &size) == 0)
        // The child does not have the terminal as its controlling one: the window manager's
        // signal is sent by hand.
        kill(process.processIdentifier, SIGWINCH)
        #expect(terminal.waitFor("room: 72 columns, 30 rows"), "it drew:\n\(terminal.output)")

        #expect(terminal.quit(process), "q did not quit")
    }
}
