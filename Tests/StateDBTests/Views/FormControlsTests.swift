import Foundation
import StateDB
import Testing

// `DatePicker` steps a date like a stepper; `ContentUnavailableView` draws its title and
// description; `\.locale` travels down the environment; `.textCase` changes the text's case
// but not its styles.

private struct Due: View {
    @State var due = Date(timeIntervalSince1970: 86_400 * 10)  // 11 January 1970, 00:00 UTC
    var body: some View {
        DatePicker("Due", selection: $due, in: Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 86_400 * 11),
                   displayedComponents: .date)
    }
}

private struct LocaleReader: View {
    @Environment(\.locale) private var locale
    var body: some View { Text(1234.5.formatted(.number.locale(locale))) }
}

@MainActor
struct FormControlsTests {
    @Test func aDatePickerStepsByADayWithinItsRange() throws {
        let host = ViewHost(root: Due(), store: .inMemory())
        let first = host.render()
        #expect(first.hasPrefix("Due: ") && first.hasSuffix(" [-/+]"))
        let picker = try host.stepper("Due")
        try picker.increment()
        try picker.increment()  // past the range's end: stays at 12 January
        let stored = try host.store.binding(for: "Due/due", default: Date())
        #expect(stored.wrappedValue == Date(timeIntervalSince1970: 86_400 * 11))
        try picker.decrement()
        #expect(stored.wrappedValue == Date(timeIntervalSince1970: 86_400 * 10))
        #expect(host.render() == first, "drawn as at first again")
    }

    @Test func contentUnavailableViewDrawsTitleDescriptionAndActions() throws {
        struct Empty: View {
            @State var added = 0
            var body: some View {
                VStack {
                    ContentUnavailableView("No notes", systemImage: "note", description: Text("Add one to start."))
                    ContentUnavailableView.search(text: "milk")
                    ContentUnavailableView {
                        Text("Offline")
                    } description: {
                        Text("added \(added)")
                    } actions: {
                        Button("Retry") { added += 1 }
                    }
                }
            }
        }
        let host = ViewHost(root: Empty(), store: .inMemory())
        #expect(host.render() == """
            No notes
            Add one to start.
            No Results for “milk”
            Check the spelling or try a new search.
            Offline
            added 0
            [ Retry ]
            """)
        #expect(host.styledRenderLines()[0] == "\u{1B}[1mNo notes\u{1B}[22m")
        try host.button("Retry").tap()
        #expect(host.render().contains("added 1"))
    }

    @Test func theLocaleComesFromTheEnvironment() {
        struct Localized: View {
            var body: some View {
                VStack {
                    LocaleReader().environment(\.locale, Locale(identifier: "de_DE"))
                    LocaleReader().environment(\.locale, Locale(identifier: "en_US"))
                }
            }
        }
        let host = ViewHost(root: Localized(), store: .inMemory())
        #expect(host.render() == "1.234,5\n1,234.5")
    }

    @Test func textCaseChangesTheTextNotItsStyles() {
        struct Cased: View {
            var body: some View {
                VStack {
                    Text("Loud").bold().textCase(.uppercase)
                    Text("QUIET").textCase(.lowercase)
                    Text("As Is").textCase(nil)
                }
            }
        }
        let host = ViewHost(root: Cased(), store: .inMemory())
        #expect(host.render() == "LOUD\nquiet\nAs Is")
        #expect(host.styledRenderLines()[0] == "\u{1B}[1mLOUD\u{1B}[22m", "the escape sequence's m is not upper-cased")
    }
}
