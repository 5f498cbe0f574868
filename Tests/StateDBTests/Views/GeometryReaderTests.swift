import Foundation
import StateDB
import Testing

// `GeometryReader`: its content is built with the terminal's size in cells and drawn as it is.

@MainActor
struct GeometryReaderTests {
    @Test func theContentGetsTheTerminalsSizeInCells() throws {
        struct Measured: View {
            @State var taps = 0
            var body: some View {
                GeometryReader { proxy in
                    VStack {
                        Text("\(Int(proxy.size.width))×\(Int(proxy.size.height)) at \(Int(proxy.frame(in: .global).minX))")
                        Button("Tap \(taps)") { taps += 1 }
                    }
                }
            }
        }
        let host = ViewHost(root: Measured(), store: .inMemory())
        let lines = host.render().split(separator: "\n")
        if isatty(STDOUT_FILENO) == 0 {
            #expect(lines.first == "80×24 at 0", "standard output is no terminal: 80 × 24")
        } else {
            #expect(lines.first?.hasSuffix(" at 0") == true)
        }
        try host.button("Tap 0").tap()
        #expect(host.render().hasSuffix("[ Tap 1 ]"), "the content's controls and state work as anywhere")
        #expect(host.identities.contains("Measured/GeometryReader/VStack/Button"))
    }
}
