import StateDB

/// The interactive state of a host on a terminal: which control has the focus, what the
/// screen shows, and what each key does. No terminal I/O here, so tests drive it with keys.
///
/// - Tab / → and Shift-Tab / ← move to the next and previous control, ↓ and ↑ to the nearest
///   control on the next and previous line;
/// - Enter or Space presses the focused button or flips the focused toggle; in a text field,
///   Enter moves on to the next control;
/// - in a text field, characters are typed at the end, Backspace deletes the last one,
///   Ctrl-U clears it;
/// - `q` (outside a text field), Ctrl-C and Ctrl-D quit.
///
/// Focus follows the control's identity across updates; when that control goes away, the
/// control now at its position takes the focus.
@MainActor
public final class TerminalSession {
    public enum Outcome: Equatable, Sendable {
        case keepRunning, quit
    }

    public let host: ViewHost
    /// The host as of the last key or `refresh()`.
    public private(set) var snapshot: HostSnapshot
    /// The index of the focused control in `snapshot.controls`.
    public private(set) var focus: Int?
    private var top = 0

    public init(host: ViewHost) {
        self.host = host
        snapshot = HostSnapshot(host: host)
        focus = snapshot.controls.isEmpty ? nil : 0
    }

    /// The identity of the focused control.
    public var focusedIdentity: String? {
        focus.map { snapshot.controls[$0].identity }
    }

    /// Takes a new snapshot (after the host changed), keeping the focus on the same control.
    public func refresh() {
        let previousIdentity = focusedIdentity
        let previousIndex = focus
        snapshot = HostSnapshot(host: host)
        let controls = snapshot.controls
        if let previousIdentity, let index = controls.firstIndex(where: { $0.identity == previousIdentity }) {
            focus = index
        } else if controls.isEmpty {
            focus = nil
        } else {
            focus = min(previousIndex ?? 0, controls.count - 1)
        }
    }

    /// The frame to draw on a screen of `size` (remembers the scroll position).
    public func frame(size: ScreenSize) -> Frame {
        let frame = ScreenRenderer.frame(of: snapshot, focus: focus, size: size, top: top)
        top = frame.top
        return frame
    }

    /// Applies keys in order. Characters typed in a row into a text field are applied as one
    /// edit (a paste is one update, not one per character).
    @discardableResult
    public func handle(_ keys: [Key]) -> Outcome {
        var typed = ""
        for key in keys {
            if case .character(let character) = key, focusedKind == .textField {
                typed.append(character)
                continue
            }
            if !typed.isEmpty {
                edit { $0 + typed }
                typed = ""
            }
            if handle(key) == .quit { return .quit }
        }
        if !typed.isEmpty { edit { $0 + typed } }
        return .keepRunning
    }

    /// Applies one key.
    @discardableResult
    public func handle(_ key: Key) -> Outcome {
        switch key {
        case .control("c"), .control("d"):
            return .quit
        case .character("q") where focusedKind != .textField:
            return .quit
        case .tab, .right:
            moveFocus(by: 1)
        case .backTab, .left:
            moveFocus(by: -1)
        case .down:
            moveFocusToLine(below: true)
        case .up:
            moveFocusToLine(below: false)
        case .enter where focusedKind == .textField:
            moveFocus(by: 1)
        case .enter:
            activate()
        case .character(" ") where focusedKind != .textField:
            activate()
        case .character(let character) where focusedKind == .textField:
            edit { $0 + String(character) }
        case .backspace where focusedKind == .textField:
            edit { String($0.dropLast()) }
        case .control("u") where focusedKind == .textField:
            edit { _ in "" }
        default:
            break
        }
        return .keepRunning
    }

    // MARK: - Actions

    private var focusedKind: ControlHandle.Kind? {
        focus.map { snapshot.controls[$0].kind }
    }

    /// The live handle of the focused control (the snapshot's may be stale by one update).
    private var focusedHandle: ControlHandle? {
        guard let identity = focusedIdentity else { return nil }
        return host.controls.first { $0.identity == identity }
    }

    private func activate() {
        guard let handle = focusedHandle else { return }
        try? handle.activate()
        refresh()
    }

    private func edit(_ change: (String) -> String) {
        guard let handle = focusedHandle, handle.kind == .textField else { return }
        let old = handle.value ?? ""
        let new = change(old)
        guard new != old else { return }
        try? handle.type(new)
        refresh()
    }

    // MARK: - Focus

    private func moveFocus(by step: Int) {
        guard let focus, !snapshot.controls.isEmpty else { return }
        let count = snapshot.controls.count
        self.focus = ((focus + step) % count + count) % count
    }

    /// Moves to the control on the nearest line above or below whose column is closest.
    /// Stays put at the top or bottom rather than wrapping, as lists do.
    private func moveFocusToLine(below: Bool) {
        guard let focus, let here = snapshot.controls[focus].place else {
            moveFocus(by: below ? 1 : -1)
            return
        }
        let candidates = snapshot.controls.indices.compactMap { index -> (index: Int, place: HostSnapshot.Place)? in
            guard let place = snapshot.controls[index].place else { return nil }
            return below ? (place.line > here.line ? (index, place) : nil) : (place.line < here.line ? (index, place) : nil)
        }
        guard let nearestLine = below ? candidates.map(\.place.line).min() : candidates.map(\.place.line).max() else { return }
        let onLine = candidates.filter { $0.place.line == nearestLine }
        let best = onLine.min { abs($0.place.column - here.column) < abs($1.place.column - here.column) }
        if let best { self.focus = best.index }
    }
}
