@_spi(TerminalHost) import StateDB

/// The interactive state of a host on a terminal: which control has the focus, the caret of
/// a focused text field, the scroll position, the message line, and what each key does. No
/// terminal I/O here, so tests drive it with keys.
///
/// - Tab and Shift-Tab move to the next and previous control, ↓ and ↑ to the nearest control
///   on the next and previous line; ← and → too, except where they mean something else:
/// - in a text field (or secure field) ←/→ move the caret, Home/End (Ctrl-A/Ctrl-E) go to its
///   ends, Ctrl-←/→ or Alt-←/→ (Alt-B/Alt-F) by words; characters are inserted at the caret,
///   Backspace and Delete delete around it, Ctrl-W deletes the word before it, Ctrl-K the rest
///   of the line, Ctrl-U the start of it; a paste is inserted as text (line breaks become
///   spaces) and never read as keys; Enter submits a field with `.onSubmit` actions (runs
///   them, the focus stays unless they move it), and in any other field moves on to the next
///   control;
/// - on a picker ←/→ choose the previous and next option, on a stepper they step down and up
///   (as do `-` and `+`);
/// - Enter or Space presses the focused button, flips the focused toggle, chooses a picker's
///   next option, steps a stepper up;
/// - PgUp/PgDn scroll by a page and Home/End (outside a text field) to the top and bottom,
///   moving the focus to a control on the new page when there is one;
/// - `q` (outside a text field), Ctrl-C and Ctrl-D quit.
///
/// Any key dismisses the message line. Focus follows the control's identity across updates;
/// when that control goes away, the control now at its position takes the focus.
///
/// The session is the source of the host's focus (`ViewHost.focusedControl`): each move gives
/// the control the host's focus, so the `@FocusState` values bound to it change and the
/// bodies that read them re-run. When the app moves the focus (sets a focus state), the
/// session follows after the update. When the app resigns it (sets the state to `false` or
/// `nil`), the cursor stays on the control, which no longer has the host's focus, until the
/// next move; a disabled control can hold the cursor too, never the host's focus.
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
    /// The focused text field's text and caret, while one has the focus.
    public private(set) var editor: LineEditor?
    /// The messages shown on the message line, oldest first, until the next key.
    public private(set) var messages: [String] = []
    private let dismissal: Dismissal
    private var top = 0
    private var followsFocus = true
    /// Rows of content on the last screen drawn (a page, for PgUp/PgDn).
    private var pageRows = 20

    public init(host: ViewHost) {
        self.host = host
        snapshot = HostSnapshot(host: host)
        // A view's `dismiss()` closes the screen, as SwiftUI's closes a window: the session
        // ends (after the handler the app may set, now or later).
        let dismissal = Dismissal()
        self.dismissal = dismissal
        host.sessionOnDismiss = { dismissal.requested = true }
        let focused = host.focusedControl?.identity
        if let focused, let index = snapshot.controls.firstIndex(where: { $0.identity == focused }) {
            focus = index
        } else {
            focus = snapshot.controls.isEmpty ? nil : 0
            giveHostFocus()
        }
        syncEditor()
    }

    /// A view called its `@Environment(\.dismiss)` action: the session is over (`handle`
    /// returns `.quit`, the terminal host returns).
    public var isDismissed: Bool { dismissal.requested }

    @MainActor private final class Dismissal {
        var requested = false
    }

    /// The identity of the focused control.
    public var focusedIdentity: String? {
        focus.map { snapshot.controls[$0].identity }
    }

    /// Shows `message` on the message line until the next key (a store diagnostic).
    public func show(_ message: String) {
        messages.append(message)
    }

    /// Takes a new snapshot (after the host changed), keeping the focus on the same control,
    /// or moving it where the app moved the host's focus.
    public func refresh() {
        let previousIdentity = focusedIdentity
        let previousIndex = focus
        snapshot = HostSnapshot(host: host)
        let controls = snapshot.controls
        let hostFocus = host.focusedControl?.identity
        if let hostFocus, let index = controls.firstIndex(where: { $0.identity == hostFocus }) {
            focus = index
        } else if let previousIdentity, let index = controls.firstIndex(where: { $0.identity == previousIdentity }) {
            focus = index  // the app resigned the focus, or the control is disabled: the cursor stays
        } else if controls.isEmpty {
            focus = nil
        } else {
            focus = min(previousIndex ?? 0, controls.count - 1)
            giveHostFocus()
        }
        if focusedIdentity != previousIdentity { editor = nil }
        syncEditor()
    }

    /// The frame to draw on a screen of `size` (remembers the scroll position).
    public func frame(size: ScreenSize) -> Frame {
        var message: String?
        if let last = messages.last {
            message = messages.count == 1 ? last : last + " (+\(messages.count - 1) more)"
        }
        let overlay = ScreenRenderer.Overlay(caret: editor?.caret, message: message, followsFocus: followsFocus)
        let frame = ScreenRenderer.frame(of: snapshot, focus: focus, size: size, top: top, overlay: overlay)
        top = frame.top
        pageRows = max(1, (frame.statusRow ?? frame.lines.count) - (frame.messageRow == nil ? 0 : 1))
        return frame
    }

    /// Applies keys in order. Edits in a row to a text field are applied as one change (a
    /// burst of typing is one update, not one per character).
    @discardableResult
    public func handle(_ keys: [Key]) -> Outcome {
        var edited = false
        for key in keys {
            if !messages.isEmpty { messages = [] }
            if isTextField(focusedKind), !Self.leavesTheField(key), var editor {
                if editor.apply(key) {
                    self.editor = editor
                    edited = true
                    continue
                }
            }
            if edited {
                commitEdit()
                edited = false
            }
            if handle(key) == .quit || isDismissed { return .quit }
        }
        if edited { commitEdit() }
        return isDismissed ? .quit : .keepRunning
    }

    /// Applies one key.
    @discardableResult
    public func handle(_ key: Key) -> Outcome {
        if !messages.isEmpty { messages = [] }
        let kind = focusedKind
        if isTextField(kind), !Self.leavesTheField(key), var editor, editor.apply(key) {
            self.editor = editor
            commitEdit()
            return .keepRunning
        }
        if case .character(let character) = key, !isTextField(kind),
           let target = host.controls.first(where: { $0.keyboardShortcut == character }) {
            act(on: target) { try $0.activate() }
            return isDismissed ? .quit : .keepRunning
        }
        switch key {
        case .control("c"), .control("d"):
            return .quit
        case .character("q") where !isTextField(kind):
            return .quit
        case .escape:
            if host.closeLastPresentation() { refresh() }
        case .tab:
            moveFocus(by: 1)
        case .backTab:
            moveFocus(by: -1)
        case .left where kind == .picker:
            act { try $0.asPicker?.selectNext(by: -1) }
        case .right where kind == .picker:
            act { try $0.asPicker?.selectNext(by: 1) }
        case .left where kind == .stepper, .character("-") where kind == .stepper:
            act { try $0.asStepper?.decrement() }
        case .right where kind == .stepper, .character("+") where kind == .stepper:
            act { try $0.asStepper?.increment() }
        case .right:
            moveFocus(by: 1)
        case .left:
            moveFocus(by: -1)
        case .down:
            moveFocusToLine(below: true)
        case .up:
            moveFocusToLine(below: false)
        case .pageDown:
            scroll(to: top + max(1, pageRows - 1))
        case .pageUp:
            scroll(to: top - max(1, pageRows - 1))
        case .home:
            scroll(to: 0)
        case .end:
            scroll(to: snapshot.lines.count)
        case .enter where isTextField(kind):
            submit()
        case .enter, .character(" "):
            act { try $0.activate() }
        default:
            break
        }
        return isDismissed ? .quit : .keepRunning
    }

    // MARK: - Actions

    private var focusedKind: ControlHandle.Kind? {
        focus.map { snapshot.controls[$0].kind }
    }

    private func isTextField(_ kind: ControlHandle.Kind?) -> Bool {
        kind == .textField || kind == .secureField
    }

    /// Keys a text field does not take: they move the focus, scroll or quit.
    private static func leavesTheField(_ key: Key) -> Bool {
        switch key {
        case .tab, .backTab, .enter, .up, .down, .pageUp, .pageDown, .escape, .control("c"), .control("d"): true
        default: false
        }
    }

    /// The live handle of the focused control (the snapshot's may be stale by one update).
    private var focusedHandle: ControlHandle? {
        guard let identity = focusedIdentity else { return nil }
        return host.controls.first { $0.identity == identity }
    }

    /// Runs an action on the focused control; a disabled control refuses, and the host's
    /// message line says so.
    private func act(_ action: (ControlHandle) throws -> Void) {
        guard let handle = focusedHandle else { return }
        act(on: handle, action)
    }

    /// Runs an action on `handle` (a control with the shortcut typed, say), as `act` does.
    private func act(on handle: ControlHandle, _ action: (ControlHandle) throws -> Void) {
        do {
            try action(handle)
        } catch {
            show("\(error)")
        }
        refresh()
    }

    /// Enter in a text field. A field with `.onSubmit` actions runs them and keeps the focus
    /// (to type the next entry, as on a Mac), unless an action moved it; a field without
    /// one moves on to the next control.
    private func submit() {
        guard let field = focusedHandle?.asTextField, field.hasSubmitAction else {
            moveFocus(by: 1)
            return
        }
        act { _ in try field.submit() }
    }

    /// Writes the editor's text to the focused field, when it changed.
    private func commitEdit() {
        guard let editor, let handle = focusedHandle, isTextField(handle.kind) else { return }
        guard handle.value != editor.text else { return }
        do {
            try handle.type(editor.text)
        } catch {
            show(error.description)
        }
        let caret = editor.caret
        refresh()
        if var current = self.editor, current.text == editor.text {
            current = LineEditor(text: current.text, caret: caret)
            self.editor = current
        }
    }

    /// Starts or updates the editor of a focused text field: the caret stays where it was
    /// when the text is what the editor holds, else goes to the end of the new text.
    private func syncEditor() {
        guard isTextField(focusedKind), let handle = focusedHandle else {
            editor = nil
            return
        }
        let text = handle.value ?? ""
        if let editor, editor.text == text { return }
        editor = LineEditor(text: text)
    }

    // MARK: - Focus and scrolling

    private func moveFocus(by step: Int) {
        guard let focus, !snapshot.controls.isEmpty else { return }
        let count = snapshot.controls.count
        setFocus(((focus + step) % count + count) % count)
    }

    private func setFocus(_ index: Int) {
        if index != focus { editor = nil }
        focus = index
        followsFocus = true
        giveHostFocus()
        syncEditor()
    }

    /// Gives the focused control the host's focus (a disabled one takes it from everyone),
    /// then takes a new snapshot: bodies that read a focus state may have changed the screen.
    private func giveHostFocus() {
        guard let identity = focusedIdentity, let handle = focusedHandle, !handle.isFocused else { return }
        do {
            try handle.focus()
        } catch {
            host.resignFocus()
        }
        snapshot = HostSnapshot(host: host)
        let controls = snapshot.controls
        if let index = controls.firstIndex(where: { $0.identity == identity }) {
            focus = index
        } else {
            focus = controls.isEmpty ? nil : min(focus ?? 0, controls.count - 1)
        }
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
        if let best { setFocus(best.index) }
    }

    /// Scrolls so that line `line` is at the top (within the content), and moves the focus
    /// to a control on the new page when the focused one is not on it: the first one when
    /// scrolling down, the last when scrolling up.
    private func scroll(to line: Int) {
        let newTop = max(0, min(line, snapshot.lines.count - pageRows))
        let down = newTop >= top
        top = newTop
        let visible = top..<(top + pageRows)
        if let focus, let place = snapshot.controls[focus].place, visible.contains(place.line) {
            followsFocus = true
            return
        }
        let onPage = snapshot.controls.indices.filter { snapshot.controls[$0].place.map { visible.contains($0.line) } ?? false }
        if let next = down ? onPage.first : onPage.last {
            setFocus(next)
        } else {
            followsFocus = false  // no control here: show the page, keep the focus where it was
        }
    }
}

