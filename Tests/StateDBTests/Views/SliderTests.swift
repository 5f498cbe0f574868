import StateDB
import Testing

// `Slider`: drawn as a bar and the value, moved like a stepper, clamped to its range.

private struct Mixer: View {
    @State var volume = 0.5
    @State var bass = 20.0
    @State var edits = 0
    var body: some View {
        VStack {
            Slider(value: $volume) { Text("Volume") }
            Slider(value: $bass, in: 0...30, step: 5, onEditingChanged: { editing in if !editing { edits += 1 } }) { Text("Bass") }
            Text("edits \(edits)")
        }
    }
}

@MainActor
struct SliderTests {
    @Test func aSliderMovesByItsStepWithinItsRange() throws {
        let host = ViewHost(root: Mixer(), store: .inMemory())
        #expect(host.render() == "Volume [█████░░░░░] 0.5\nBass [███████░░░] 20\nedits 0")
        let volume = try host.stepper("Volume")
        try volume.increment()
        try volume.increment()
        #expect(host.render().hasPrefix("Volume [███████░░░] 0.7\n"), "a tenth of the range without a step")
        let bass = try host.stepper("Bass")
        try bass.increment()
        try bass.increment()
        try bass.increment()
        #expect(host.render().hasSuffix("Bass [██████████] 30\nedits 3"), "clamped at the top; onEditingChanged around each move")
        for _ in 0..<8 { try bass.decrement() }
        #expect(host.render().contains("Bass [░░░░░░░░░░] 0"))
    }

    @Test func aSlidersValueIsStored() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: Mixer(), store: store)
            try host.stepper("Volume").decrement()
            store.close()
        }
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: Mixer(), store: store)
        #expect(host.render().hasPrefix("Volume [████░░░░░░] 0.4"))
        store.close()
    }
}
