import Foundation
import StateDB
import Testing

/// The examples of docs/data-flow.md, copied verbatim (a test below checks that the doc still
/// shows exactly this code), compiled and run.
enum DataFlowDocs {
    @Observable
    final class Library: Codable {
        var books: [String] = []
        var filter = ""

        // The macro keeps `books` in a stored property named `_books`: without these keys the
        // synthesized Codable would store "_books", "_filter" and the macro's registrar.
        enum CodingKeys: String, CodingKey {
            case _books = "books"
            case _filter = "filter"
        }
    }

    struct LibraryView: View {
        @State private var library = Library()          // one per identity, stored under LibraryView/library

        var body: some View {
            VStack {
                Text("\(library.books.count) books")     // depends on `books`, not on `filter`
                FilterField(library: library)
                Button("Add") { library.books.append("Book \(library.books.count + 1)") }
            }
        }
    }

    struct FilterField: View {
        @Bindable var library: Library
        var body: some View {
            TextField("Filter", text: $library.filter)   // a binding: no dependency
            Text("Filter: \(library.filter)")            // depends on `filter` only
        }
    }

    // MARK: - next example

    struct Clock: View {
        @State private var ticker: Task<Void, Never>?   // not Codable: kept in memory only
        @State private var seconds = 0                  // Codable: stored as usual

        var body: some View {
            Text("\(seconds) s")
            Button(ticker == nil ? "Start" : "Stop") {
                if let ticker {
                    ticker.cancel()
                    self.ticker = nil
                } else {
                    ticker = Task { @MainActor in
                        while !Task.isCancelled {
                            try? await Task.sleep(for: .seconds(1))
                            seconds += 1
                        }
                    }
                }
            }
        }
    }

    // MARK: - next example

    @Observable
    final class Profile {
        var name = ""
        var isPublic = false
    }

    struct ProfileEditor: View {
        @Bindable var profile: Profile
        var body: some View {
            TextField("Name", text: $profile.name)
            Toggle("Public", isOn: $profile.isPublic)
        }
    }
}

@MainActor
@Suite("docs/data-flow.md examples", .serialized)
struct DataFlowDocsExampleTests {
    private static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/data-flow.md")

    /// The doc shows the code this file compiles: each example's lines, as they are here.
    @Test func theDocShowsThisCode() throws {
        let doc = try String(contentsOf: Self.docs, encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let examples = source.components(separatedBy: "\n}\n\n@MainActor")[0]
            .components(separatedBy: "enum DataFlowDocs {\n")[1]
            .components(separatedBy: "\n\n    // MARK: - next example\n\n")
        #expect(examples.count == 3)
        for example in examples {
            let unindented = example.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
            #expect(doc.contains("```swift\n" + unindented), "docs/data-flow.md no longer shows:\n\(unindented)")
        }
    }

    @Test func theLibraryIsStoredWithTheKeysItNamesAndComesBack() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: DataFlowDocs.LibraryView(), store: store)
        try host.button("Add").tap()
        try host.button("Add").tap()
        #expect(host.texts.first == "2 books")
        let evaluations = host.bodyEvaluationCount
        try host.textField("Filter").type("B")
        #expect(host.bodyEvaluationCount == evaluations + 1, "only FilterField read `filter`")
        #expect(host.texts.contains("Filter: B"))
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'LibraryView/library'")
                == #"{"books":["Book 1","Book 2"],"filter":"B"}"#)

        let again = ViewHost(root: DataFlowDocs.LibraryView(), store: try StateStore(path: folder.storePath))
        #expect(again.texts.first == "2 books")
        #expect(try again.textField("Filter").text == "B")
    }

    @Test func theClocksTaskIsKeptInMemoryAndItsSecondsStored() async throws {
        let store = StateStore.inMemory()
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: DataFlowDocs.Clock(), store: store)
        try host.button("Start").tap()
        #expect(host.findButton("Stop") != nil, "the task is kept across the re-evaluation")
        try host.button("Stop").tap()
        #expect(host.findButton("Start") != nil)
        #expect(diagnostics.of(.notPersisted).map(\.key) == ["Clock/ticker"])
    }

    @Test func theProfileEditorWritesTheModel() throws {
        let profile = DataFlowDocs.Profile()
        let host = ViewHost(root: DataFlowDocs.ProfileEditor(profile: profile), store: .inMemory())
        try host.textField("Name").type("Ada")
        try host.toggle("Public").toggle()
        #expect(profile.name == "Ada")
        #expect(profile.isPublic)
    }
}
