/// A view that only carries a modifier for its content (`ModifierView`): the root of a host
/// may be one (`ContentView().environment(model)`), and the host attaches the modifiers to
/// the content's node.
@MainActor
protocol ModifierCarrier {
    var modifiedContent: any View { get }
    var nodeModifier: NodeModifier { get }
}

/// `view` without the modifiers around it, and those modifiers, innermost first.
@MainActor
func unwrappingModifiers(of view: any View) -> (content: any View, modifiers: [NodeModifier]) {
    var content = view
    var modifiers: [NodeModifier] = []
    while let carrier = content as? any ModifierCarrier {
        modifiers.append(carrier.nodeModifier)
        content = carrier.modifiedContent
    }
    return (content, modifiers.reversed())
}
