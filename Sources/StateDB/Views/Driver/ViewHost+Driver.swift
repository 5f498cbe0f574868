/// Finding controls in a mounted tree and acting on them, for tests and scripted front ends.
///
/// ```swift
/// let host = ViewHost(root: CounterView(), store: .inMemory())
/// host.button("Tap").tap()          // runs the action, then update()
/// XCTAssertEqual(host.texts, ["Tap: 1"])
/// host.toggle("Switch").toggle()
/// host.textField("Name").type("Ada")
/// ```
///
/// A title matches exactly, or else as a prefix (`button("Tap")` finds `Tap: 3`); the first
/// match in tree order wins. Asking for a control that is not there stops the program with
/// a message listing the controls that are.
extension ViewHost {
    /// The first `Button` whose title matches, or nil.
    public func findButton(_ title: String) -> ButtonHandle? {
        controls(ButtonHandle.self, titled: title).first
    }

    /// The first `Button` whose title matches.
    public func button(_ title: String) -> ButtonHandle {
        require(findButton(title), kind: "Button", title: title, ButtonHandle.self)
    }

    /// The first `Toggle` whose title matches, or nil.
    public func findToggle(_ title: String) -> ToggleHandle? {
        controls(ToggleHandle.self, titled: title).first
    }

    /// The first `Toggle` whose title matches.
    public func toggle(_ title: String) -> ToggleHandle {
        require(findToggle(title), kind: "Toggle", title: title, ToggleHandle.self)
    }

    /// The first `TextField` whose title matches, or nil.
    public func findTextField(_ title: String) -> TextFieldHandle? {
        controls(TextFieldHandle.self, titled: title).first
    }

    /// The first `TextField` whose title matches.
    public func textField(_ title: String) -> TextFieldHandle {
        require(findTextField(title), kind: "TextField", title: title, TextFieldHandle.self)
    }

    /// Every `Text` in tree order (button labels included).
    public var texts: [String] {
        var result: [String] = []
        visit(root) { node in
            if let text = node.view as? Text { result.append(text.content) }
        }
        return result
    }

    /// Every control (buttons, toggles, text fields) in tree order, for front ends that move
    /// focus between them.
    public var controls: [ControlHandle] {
        var result: [ControlHandle] = []
        visit(root) { node in
            if let control = ControlHandle(node: node, host: self) { result.append(control) }
        }
        return result
    }

    private func controls<H: ControlHandleKind>(_: H.Type, titled title: String) -> [H] {
        let all = controls.compactMap { $0.as(H.self) }
        let exact = all.filter { $0.title == title }
        return exact.isEmpty ? all.filter { $0.title.hasPrefix(title) } : exact
    }

    private func require<H: ControlHandleKind>(_ found: H?, kind: String, title: String, _: H.Type) -> H {
        if let found { return found }
        let titles = controls.compactMap { $0.as(H.self)?.title }.map { "\"\($0)\"" }
        preconditionFailure("no \(kind) titled \"\(title)\"; the tree has \(titles.isEmpty ? "none" : titles.joined(separator: ", ")).\n\(render())")
    }
}

@MainActor
protocol ActivatableView {
    func activate()
}

extension Button: ActivatableView {
    func activate() { action() }
}

extension ViewHost {
    /// A node's rendered lines joined by spaces (a button's title).
    func renderedText(of node: ViewNode) -> String {
        ReadTracker.untracked {
            node.children.map { renderLines(of: $0).joined(separator: " ") }.joined(separator: " ")
        }
    }
}
