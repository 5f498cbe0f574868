/// An alert or a confirmation dialog while presented (`.alert`, `.confirmationDialog`): a
/// title, a message and buttons, drawn after the view it is attached to, each line behind a
/// bar:
///
/// ```
/// ▌ Delete "Milk"?
/// ▌ This cannot be undone.
/// ▌ [ ! Delete ]  [ Cancel ]
/// ```
///
/// While it shows, only its buttons can be used; any of them closes it after its action, as in
/// SwiftUI. With no buttons given, it has an `OK` button. Identity: `PresentedAlert` beside
/// the view it is attached to, its message under `AlertMessage` and its buttons under
/// `AlertActions`.
public struct PresentedAlert<Actions: View, Message: View>: View, PrimitiveView, ModalPresentation, PresentedBesideView {
    public typealias Body = Never
    let title: Text
    let actions: Actions
    let message: Message
    let isPresented: Binding<Bool>

    var closesAfterAnyButton: Bool { true }

    func close() { isPresented.wrappedValue = false }

    func addChildren(to list: inout ChildList) {
        list.addBlock(AlertMessage(content: message))
        list.addBlock(AlertActions(content: actions))
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(AlertMessage<Message>.self), .block(AlertActions<Actions>.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let titleLines = TextStyle.wrap(title.renderLines(children: []), on: TextRun.Style.bold.on, off: TextRun.Style.bold.off)
        return (titleLines + children.flatMap { $0 }).map { "▌ " + $0 }
    }
}

/// An alert's message: a block of its own (`PresentedAlert/AlertMessage/Text`).
public struct AlertMessage<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}

/// An alert's buttons, side by side: a block of its own (`PresentedAlert/AlertActions/Button`),
/// or an `OK` button when none were given.
public struct AlertActions<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    private static var isEmpty: Bool { Content.self == EmptyView.self }

    func addChildren(to list: inout ChildList) {
        if Self.isEmpty {
            list.addBlock(Button("OK") {})
        } else {
            list.addBlock(content)
        }
    }

    nonisolated static var contentBlocks: [ContentBlock] {
        Content.self == EmptyView.self ? [.block(Button<Text>.self)] : [.block(Content.self)]
    }

    func renderLines(children: [[String]]) -> [String] {
        let buttons = children.flatMap { $0 }
        return buttons.isEmpty ? [] : [buttons.joined(separator: "  ")]
    }
}

extension View {
    /// An alert titled `title`, shown while `isPresented` is true, with the buttons `actions`
    /// builds (an `OK` button when it builds none). Any of them closes it.
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> PresentingView<Self, PresentedAlert<A, EmptyView>> {
        alert(title, isPresented: isPresented, actions: actions) { EmptyView() }
    }

    /// An alert with a message below its title.
    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> PresentingView<Self, PresentedAlert<A, M>> {
        let shown = isPresented.wrappedValue  // read in the body: it re-runs when this changes
        return PresentingView(content: self, presented: shown ? PresentedAlert(title: title, actions: actions(), message: message(), isPresented: isPresented) : nil)
    }

    /// An alert titled with a string literal (with interpolations).
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> PresentingView<Self, PresentedAlert<A, EmptyView>> {
        alert(Text(titleKey), isPresented: isPresented, actions: actions)
    }

    /// An alert titled with a string literal, with a message.
    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> PresentingView<Self, PresentedAlert<A, M>> {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: message)
    }

    /// An alert titled with any string.
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> PresentingView<Self, PresentedAlert<A, EmptyView>> {
        alert(Text(String(title)), isPresented: isPresented, actions: actions)
    }

    /// An alert titled with any string, with a message.
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> PresentingView<Self, PresentedAlert<A, M>> {
        alert(Text(String(title)), isPresented: isPresented, actions: actions, message: message)
    }

    /// An alert about `data`, shown while `isPresented` is true and `data` is not nil; its
    /// buttons and message are built from the data.
    public func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> PresentingView<Self, PresentedAlert<A, M>> {
        let shown = isPresented.wrappedValue  // read in the body: it re-runs when this changes
        guard shown, let data else { return PresentingView(content: self, presented: nil) }
        return PresentingView(content: self, presented: PresentedAlert(title: Text(String(title)), actions: actions(data), message: message(data), isPresented: isPresented))
    }

    /// A confirmation dialog: an alert whose buttons offer choices about an action (drawn and
    /// used as `alert(_:isPresented:actions:)`; the title always shows).
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> PresentingView<Self, PresentedAlert<A, EmptyView>> {
        alert(Text(String(title)), isPresented: isPresented, actions: actions)
    }

    /// A confirmation dialog with a message.
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> PresentingView<Self, PresentedAlert<A, M>> {
        alert(Text(String(title)), isPresented: isPresented, actions: actions, message: message)
    }
}
