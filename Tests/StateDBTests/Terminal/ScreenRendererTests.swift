import StateDB
import StateDBTerminal
import Testing

enum RendererFixtures {
    struct Panel: View {
        @State var name = "Ada"
        @State var isDark = true
        @State var count = 0

        var body: some View {
            VStack {
                Text("Settings")
                TextField("Name", text: $name)
                HStack {
                    Toggle("Dark", isOn: $isDark)
                    Button("Save") {}
                    Button("Tap: \(count)") { count += 1 }
                }
                Text("This line is far too long for the screen")
                Button("Save") {}
                Text("last")
            }
        }
    }
}

/// The renderer on a fixed screen size, compared literally.
@MainActor
@Suite("Screen renderer")
struct ScreenRendererTests {
    let host = ViewHost(root: RendererFixtures.Panel(), store: .inMemory())

    @Test func snapshotFindsEveryControlInTheRenderedLines() {
        let snapshot = HostSnapshot(host: host)
        #expect(snapshot.lines == [
            "Settings",
            "Name: [Ada]",
            "[x] Dark  [ Save ]  [ Tap: 0 ]",
            "This line is far too long for the screen",
            "[ Save ]",
            "last",
        ])
        #expect(snapshot.controls.map(\.title) == ["Name", "Dark", "Save", "Tap: 0", "Save"])
        #expect(snapshot.controls.map(\.place) == [
            .init(line: 1, column: 0, length: 11),
            .init(line: 2, column: 0, length: 8),
            .init(line: 2, column: 10, length: 8),
            .init(line: 2, column: 20, length: 10),
            .init(line: 4, column: 0, length: 8),  // the second "Save", not the first again
        ])
    }

    @Test func fixedScreenWithTheFocusOnAButton() {
        let frame = ScreenRenderer.frame(of: HostSnapshot(host: host), focus: 3, size: ScreenSize(rows: 5, columns: 32))
        #expect(frame.lines == [
            "Settings",
            "Name: [Ada]",
            "[x] Dark  [ Save ]  [ Tap: 0 ]",
            "This line is far too long for t…",
            "Enter press       lines 1–4 of 6",  // the hints that fit, whole
        ])
        #expect(frame.highlight == Frame.Highlight(row: 2, column: 20, length: 10))
        #expect(frame.statusRow == 4)
        #expect(frame.top == 0)
        #expect(frame.ansi.contains("[x] Dark  [ Save ]  \u{1B}[7m[ Tap: 0 ]\u{1B}[27m\u{1B}[K"))
    }

    @Test func scrollsJustEnoughToShowTheFocus() {
        let snapshot = HostSnapshot(host: host)
        let size = ScreenSize(rows: 4, columns: 40)
        let down = ScreenRenderer.frame(of: snapshot, focus: 4, size: size, top: 0)
        #expect(down.top == 2)
        #expect(down.lines == [
            "[x] Dark  [ Save ]  [ Tap: 0 ]",
            "This line is far too long for the screen",  // exactly 40: fits
            "[ Save ]",
            "Enter press · Tab move    lines 3–5 of 6",
        ])
        #expect(down.highlight == Frame.Highlight(row: 2, column: 0, length: 8))

        // Moving up a line inside the visible part keeps the scroll position.
        let stays = ScreenRenderer.frame(of: snapshot, focus: 1, size: size, top: down.top)
        #expect(stays.top == 2)
        let up = ScreenRenderer.frame(of: snapshot, focus: 0, size: size, top: down.top)
        #expect(up.top == 1)
        #expect(up.lines.first == "Name: [Ada]")
    }

    /// A focused control past the right edge of a narrow screen: the mark where its line is cut
    /// is highlighted (nothing was, and Enter acted on a control nobody could see).
    @Test func aFocusPastTheRightEdgeHighlightsWhereTheLineIsCut() {
        let frame = ScreenRenderer.frame(of: HostSnapshot(host: host), focus: 3, size: ScreenSize(rows: 5, columns: 18))
        #expect(frame.lines[2] == "[x] Dark  [ Save …")
        #expect(frame.highlight == Frame.Highlight(row: 2, column: 17, length: 1))
        #expect(frame.ansi.contains("[x] Dark  [ Save \u{1B}[7m…\u{1B}[27m"))
    }

    @Test func wideCharactersTakeTwoCells() {
        let snapshot = HostSnapshot(lines: ["할 일: 우유 사기"], controls: [])
        let frame = ScreenRenderer.frame(of: snapshot, focus: nil, size: ScreenSize(rows: 2, columns: 10))
        #expect(frame.lines == ["할 일: 우…", "q quit"])
    }
}
