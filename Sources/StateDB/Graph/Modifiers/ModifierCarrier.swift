/// A view that only carries a modifier for its content (`ModifiedView`): the root of a host
/// may be one (`ContentView().environment(model)`), and the host attaches the graph's
/// modifiers to the content's node.
@MainActor
protocol ModifierCarrier {
    var modifiedContent: any View { get }
    var request: ViewModifierRequest { get }
}

/// A host's root `view` without the modifiers around it, and those modifiers, innermost first:
/// the graph's (`.environment`, `.onAppear`…) and the drawing ones (`.padding()`, `.bold()`),
/// which the host applies to the content's node as a parent's content would. An `AnyView`
/// around the root (or between its modifiers) is taken off too: it adds no segment anywhere,
/// and as the root node it would have no body to show its content with.
@MainActor
func unwrappingModifiers(of view: any View) -> (content: any View, modifiers: ElementModifiers) {
    var content = view
    var outermostFirst: [ViewModifierRequest] = []
    while true {
        if let carrier = content as? any ModifierCarrier {
            outermostFirst.append(carrier.request)
            content = carrier.modifiedContent
        } else if let erased = content as? AnyView {
            content = erased.content
        } else {
            break
        }
    }
    var modifiers = ElementModifiers()
    for request in outermostFirst.reversed() { modifiers.append(request) }
    return (content, modifiers)
}
