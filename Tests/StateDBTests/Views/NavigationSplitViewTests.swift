import Foundation
import StateDB
import Testing

// `NavigationSplitView`: its columns side by side, each a block of its own, their state kept
// as in any view.

private struct Mail: View {
    @State var folder = "Inbox"
    @State var visibility = NavigationSplitViewVisibility.all
    var body: some View {
        NavigationSplitView(columnVisibility: $visibility) {
            VStack {
                Button("Inbox") { folder = "Inbox" }
                Button("Archive") { folder = "Archive" }
            }
            .navigationSplitViewColumnWidth(min: 10, ideal: 20, max: 30)
        } detail: {
            FolderView(name: folder)
        }
    }
}

private struct FolderView: View {
    let name: String
    @State var reads = 0
    var body: some View {
        VStack {
            Text("Folder \(name)")
            Button("Read") { reads += 1 }
            Text("\(reads) read")
        }
    }
}

@MainActor
struct NavigationSplitViewTests {
    @Test func theColumnsAreDrawnSideBySide() throws {
        let host = ViewHost(root: Mail(), store: .inMemory())
        #expect(host.render() == """
            [ Inbox ]    │  Folder Inbox
            [ Archive ]  │  [ Read ]
                         │  0 read
            """)
        try host.button("Archive").tap()
        try host.button("Read").tap()
        #expect(host.render().contains("Folder Archive") && host.render().contains("1 read"), "the sidebar drives the detail")
        #expect(host.identities.contains("Mail/NavigationSplitView/NavigationSplitSidebar/VStack/Button"))
        #expect(host.identities.contains("Mail/NavigationSplitView/NavigationSplitDetail/FolderView"))
    }

    @Test func threeColumnsHaveTwoRules() {
        struct Three: View {
            var body: some View {
                NavigationSplitView {
                    Text("a")
                } content: {
                    Text("b")
                } detail: {
                    Text("c")
                }
            }
        }
        #expect(ViewHost(root: Three(), store: .inMemory()).render() == "a  │  b  │  c")
    }
}
