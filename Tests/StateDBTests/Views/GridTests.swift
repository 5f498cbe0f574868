import Foundation
import StateDB
import Testing

// `LazyVGrid`, `LazyHGrid`, `Grid` and `GridRow`: cells in aligned columns, rows as tall as
// their tallest cell, and the cells' state keyed as in any container.

private struct Tile: View {
    let name: String
    @State var taps = 0
    var body: some View {
        Button("\(name) \(taps)") { taps += 1 }
    }
}

private struct Gallery: View {
    let names = ["a", "bb", "ccc", "d", "eeeee"]
    var body: some View {
        LazyVGrid(columns: [GridItem(.flexible()), GridItem(.fixed(40)), GridItem(.adaptive(minimum: 20))]) {
            ForEach(names, id: \.self) { Tile(name: $0) }
        }
    }
}

@MainActor
struct GridTests {
    @Test func aVerticalGridFillsRowsOfItsColumnsCount() throws {
        let host = ViewHost(root: Gallery(), store: .inMemory())
        #expect(host.render() == """
            [ a 0 ]  [ bb 0 ]     [ ccc 0 ]
            [ d 0 ]  [ eeeee 0 ]
            """, "three columns, each as wide as its widest cell")
        try host.button("eeeee 0").tap()
        #expect(host.render().hasSuffix("[ eeeee 1 ]"))
        #expect(host.identities.contains(#"Gallery/LazyVGrid/ForEach/Tile[id: "eeeee"]"#), "keyed as in a VStack")
    }

    @Test func aHorizontalGridFillsColumnsTopToBottom() {
        struct Columns: View {
            var body: some View {
                LazyHGrid(rows: [GridItem(), GridItem()]) {
                    ForEach(1...5, id: \.self) { Text("n\($0)") }
                }
            }
        }
        #expect(ViewHost(root: Columns(), store: .inMemory()).render() == """
            n1  n3  n5
            n2  n4
            """)
    }

    @Test func aGridAlignsItsRowsCellsAndLetsOtherViewsSpanIt() {
        struct Table: View {
            var body: some View {
                Grid {
                    GridRow {
                        Text("Name")
                        Text("Size")
                    }
                    Divider()
                    GridRow {
                        Text("notes.txt")
                        VStack {
                            Text("12 KB")
                            Text("(zipped)")
                        }
                    }
                    GridRow {
                        Text("a")
                        Text("1 B")
                            .gridColumnAlignment(.trailing)
                    }
                }
            }
        }
        let rendered = ViewHost(root: Table(), store: .inMemory()).render()
        let divider = rendered.split(separator: "\n")[1]
        #expect(rendered == """
            Name       Size
            \(divider)
            notes.txt  12 KB
                       (zipped)
            a          1 B
            """, "columns as wide as their widest cell in any row; a cell of two lines makes its row two lines tall")
        #expect(!divider.isEmpty && !divider.contains(" "), "a view outside the rows spans the grid on a line of its own")
    }

    @Test func emptyCellsKeepTheirColumnAndRowsMayComeFromTheAppsViews() {
        struct NameRow: View {
            let name: String
            let size: String
            var body: some View {
                GridRow {
                    Color.clear
                    Text(name)
                    Text(size)
                }
            }
        }
        struct Files: View {
            var body: some View {
                Grid {
                    GridRow {
                        Text("Icon")
                        Text("Name")
                        Text("Size")
                    }
                    NameRow(name: "a-much-longer-name", size: "1")
                    NameRow(name: "k", size: "2")
                }
            }
        }
        #expect(ViewHost(root: Files(), store: .inMemory()).render() == """
            Icon  Name                Size
                  a-much-longer-name  1
                  k                   2
            """)
    }

    @Test func anHStackLaysOutTheViewsOfTheAppsViewThatMakesSeveral() {
        struct Cells: View {
            var body: some View { ForEach(0..<3, id: \.self) { Text("c\($0)") } }
        }
        struct Row: View {
            var body: some View {
                HStack {
                    Text("L")
                    Cells()
                }
            }
        }
        #expect(ViewHost(root: Row(), store: .inMemory()).render() == "L  c0  c1  c2")
    }

    @Test func aGridRowOutsideAGridDrawsItsCellsSideBySide() {
        struct Loose: View {
            var body: some View {
                GridRow {
                    Text("left")
                    Text("right")
                }
            }
        }
        #expect(ViewHost(root: Loose(), store: .inMemory()).render() == "left  right")
    }
}
