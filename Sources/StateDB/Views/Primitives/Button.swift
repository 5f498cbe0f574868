/// A control that runs an action when activated. Renders as `[ Title ]`.
///
/// ```swift
/// Button("Tap: \(count)") { count += 1 }
/// Button { load() } label: { Text("Load") }
/// ```
public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    /// What the button does, as in SwiftUI: a `.destructive` button renders as `[ ! Title ]`.
    public let role: ButtonRole?
    let action: () -> Void

    /// A button whose label is any view.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    /// A button with a role whose label is any view.
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.role = role
        self.label = label()
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(label)
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        ["[ " + (role == .destructive ? "! " : "") + children.flatMap { $0 }.joined(separator: " ") + " ]"]
    }
}

extension Button where Label == Text {
    /// A button with a text title.
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// A button with a text title and a role.
    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }

    /// A button with a text title of any string-like value.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(String(title), action: action)
    }

    /// A button with a role and a text title of any string-like value.
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(String(title), role: role, action: action)
    }
}

extension Button where Label == StateDB.Label<Text, EmptyView> {
    /// A button titled `title` with the SF Symbol `systemImage`, which is not drawn (see
    /// `Label(_:systemImage:)`): `[ Title ]`.
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { StateDB.Label(title, systemImage: systemImage) }
    }

    /// The same, with a role.
    public init<S: StringProtocol>(_ title: S, systemImage: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { StateDB.Label(title, systemImage: systemImage) }
    }
}

/// What a button does, as in SwiftUI. A destructive button's title is marked with `!` in
/// text; a cancel button looks like any other.
public struct ButtonRole: Equatable, Sendable {
    private let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}
