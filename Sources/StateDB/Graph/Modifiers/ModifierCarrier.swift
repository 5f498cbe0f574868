/// A view that only carries a modifier for its content (`ModifiedView`): the root of a host
/// may be one (`ContentView().environment(model)`), and the host attaches the graph's
/// modifiers to the content's node.
@MainActor
protocol ModifierCarrier {
    var modifiedContent: any View { get }
    var request: ViewModifierRequest { get }
}

/// `view` without the graph's modifiers around it (`.environment`, `.onAppear`…), and those
/// modifiers, innermost first. A render modifier (`.padding()`) ends the unwrapping: the
/// root is then that modifier's view, as before.
@MainActor
func unwrappingModifiers(of view: any View) -> (content: any View, modifiers: [NodeModifier]) {
    var content = view
    var modifiers: [NodeModifier] = []
    while let carrier = content as? any ModifierCarrier, case .node(let modifier) = carrier.request {
        modifiers.append(modifier)
        content = carrier.modifiedContent
    }
    return (content, modifiers.reversed())
}
