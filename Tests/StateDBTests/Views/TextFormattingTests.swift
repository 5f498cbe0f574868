import Foundation
import StateDB
import Testing

// The text interpolations and initializers SwiftUI adds to `Text`: a printf specifier, a
// format style, a date style, a styled text inside a literal.

private struct Scoreboard: View {
    @State var score = 3.14159
    @State var count = 7
    let name = "Ada"
    var body: some View {
        VStack {
            Text("Score: \(score, specifier: "%.2f")")
            Text("\(name) has \(count, specifier: "%d") points")
            Text("Price \(1234.5, format: .number)")
            Text("Hi \(Text("you").bold())!")
            Text("Plain \(name)")
            Text(3.5, format: .number)
            Text(Date(timeIntervalSince1970: 31_536_000), format: .dateTime.year())
            Button("More") { score += 1; count += 1 }
        }
    }
}

@MainActor
struct TextFormattingTests {
    @Test func interpolationsAreFormatted() throws {
        let host = ViewHost(root: Scoreboard(), store: .inMemory())
        #expect(Array(host.texts.prefix(7)) == [
            "Score: 3.14", "Ada has 7 points", "Price 1,234.5", "Hi you!", "Plain Ada", "3.5", "1971",
        ])
        #expect(host.styledRenderLines()[3] == "Hi \u{1B}[1myou\u{1B}[22m!", "an interpolated text keeps its style")
        try host.button("More").tap()
        #expect(Array(host.texts.prefix(2)) == ["Score: 4.14", "Ada has 8 points"])
    }

    @Test func emptyLiteralPartsAddNothing() {
        // `"\(x)"` is an empty literal, `x`, an empty literal: the empty parts add no unstyled
        // run of nothing after a styled one, so the text is the styled text itself.
        let you = Text("you").bold()
        #expect(Text("\(you)") == you)
        #expect(Text("\(you)\(Text("!").italic())") == you + Text("!").italic())
        #expect(Text("\(you) there") == you + Text(" there"))
        let nothing = ""
        #expect(Text("\(you)\(nothing)") == you)
        let count = 7
        #expect(Text("\(count)") == Text(verbatim: "7"))
    }

    @Test func stringsStayStrings() {
        let names = ["a\\(b)", "**c**"]
        let make: (String) -> Text = Text.init
        #expect(names.map(make).map(\.content) == names)
        let host = ViewHost(root: ForEach(names, id: \.self, content: Text.init), store: .inMemory())
        #expect(host.texts == names)
        #expect(Text(names[1][...]).content == "**c**")
    }

    @Test func aKeyIsShownAsWritten() {
        let key: LocalizedStringKey = "hello"
        #expect(Text(key).content == "hello")
        #expect(Text(key) == Text("hello"))
    }

    @Test func datesInTextsStyles() {
        let date = Date(timeIntervalSince1970: 31_536_000)
        #expect(Text(date, style: .date).content == date.formatted(date: .long, time: .omitted))
        #expect(Text(date, style: .date).content.contains("1971"))
        #expect(Text(date, style: .time).content == date.formatted(date: .omitted, time: .shortened))
        let later = Date().addingTimeInterval(2 * 3_600 + 23 * 60 + 20)
        #expect(Text(later, style: .relative).content == "2 hours, 23 minutes")
        #expect(Text(later, style: .offset).content == "+2 hours, 23 minutes")
        let earlier = Date().addingTimeInterval(-152)
        #expect(Text(earlier, style: .timer).content == "2:32")
        #expect(Text(earlier, style: .offset).content == "-2 minutes, 32 seconds")
        #expect(Text(Date().addingTimeInterval(86_400 + 20), style: .relative).content == "1 day")
        #expect(Text("Due \(later, style: .relative)").content == "Due 2 hours, 23 minutes")
    }
}
