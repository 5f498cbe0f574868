/// Which control of one host has the focus, and the `@FocusState` values bound to controls
/// (`.focused(_:)`), kept in step after every update (`settle`).
///
/// The focus is the host's: a front end moves it (the terminal host on Tab and the arrows,
/// a test with `focus()`), and each state then reads what it says. A state the app changed
/// since the host last gave it a value is a request: the focus moves to the control it names,
/// or, when it says `false`/`nil` while one of its controls has the focus, is resigned.
@MainActor
final class HostFocus {
    /// Some view has a `@FocusState`, or the focus was moved: `settle` has work. Hosts that
    /// never use focus skip the walk of the tree it needs.
    var isActive = false
    /// The identity of the focused control; nil when none has the focus.
    var focusedIdentity: String?
    /// Per focus state: a target of it, and the value the host last gave it (or found).
    private var given: [ObjectIdentifier: (target: any FocusTarget, value: AnyHashable)] = [:]

    private struct Bound {
        let control: ControlHandle
        let target: (any FocusTarget)?
    }

    /// Moves the focus where the states ask, drops it when its control left the tree, and
    /// writes each state's value for where the focus now is. True when it wrote a value (the
    /// readers must be re-evaluated, and `settle` called again).
    func settle(in host: ViewHost) -> Bool {
        let controls = Self.controls(of: host)
        if let focused = focusedIdentity, !controls.contains(where: { $0.control.identity == focused }) {
            focusedIdentity = nil
        }
        // The states in tree order, with the controls bound to each.
        var places: [ObjectIdentifier] = []
        var bound: [ObjectIdentifier: [Bound]] = [:]
        for entry in controls {
            guard let target = entry.target else { continue }
            if bound[target.place] == nil { places.append(target.place) }
            bound[target.place, default: []].append(entry)
        }
        // Requests: values the app wrote since the host last gave them.
        for place in places {
            let entries = bound[place]!
            let target = entries[0].target!
            let current = target.current
            let previous = given[place]?.value ?? target.unfocusedValue
            guard current != previous else { continue }
            if let chosen = entries.first(where: { $0.target!.focusedValue == current && $0.control.isEnabled }) {
                focusedIdentity = chosen.control.identity
            } else if current == target.unfocusedValue, entries.contains(where: { $0.control.identity == focusedIdentity }) {
                focusedIdentity = nil
            }
        }
        // Each state's value for where the focus is now.
        var wrote = false
        var seen: [ObjectIdentifier: (target: any FocusTarget, value: AnyHashable)] = [:]
        for place in places {
            let entries = bound[place]!
            let holder = entries.first { $0.control.identity == focusedIdentity }
            let target = holder?.target ?? entries[0].target!
            let expected = holder == nil ? target.unfocusedValue : target.focusedValue
            if target.current != expected {
                target.write(focused: holder != nil)
                wrote = true
            }
            seen[place] = (target, expected)
        }
        // States whose controls all left the tree: the focus went with them.
        for (place, old) in given where seen[place] == nil {
            if old.value != old.target.unfocusedValue, old.target.current == old.value {
                old.target.write(focused: false)
                wrote = true
            }
        }
        given = seen
        return wrote
    }

    /// Every control in tree order (hidden ones left out, as `ViewHost.controls` does), with
    /// the focus binding on it or on the nearest view around it that has one.
    private static func controls(of host: ViewHost) -> [Bound] {
        var result: [Bound] = []
        func collect(_ node: ViewNode, inherited: (any FocusTarget)?) {
            if node.isHiddenByModifier { return }
            // Modifiers are innermost first: the `.focused` nearest the control wins.
            let own = node.modifiers.lazy.compactMap { ($0 as? FocusedModifier)?.target }.first
            // Not `own ?? inherited`: the release build refuses the autoclosure capturing
            // `inherited` ("sending 'inherited' risks causing data races", Swift 6.3).
            let target = if let own { own } else { inherited }
            if let control = ControlHandle(node: node, host: host) { result.append(Bound(control: control, target: target)) }
            for child in node.children { collect(child, inherited: target) }
        }
        collect(host.controlsRoot, inherited: nil)
        return result
    }
}
