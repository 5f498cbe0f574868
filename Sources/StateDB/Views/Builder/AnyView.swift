/// A type-erased view, as in SwiftUI: lets a function return different view types. It is a
/// segment of its own (`AnyView/Row`), and its child is matched by exact type: wrapping a view
/// of another type — even one whose name prints alike — is a different view, whose state
/// starts afresh.
public struct AnyView: View, PrimitiveView {
    public typealias Body = Never
    let content: any View

    /// Wraps `view`.
    public init<V: View>(_ view: V) {
        content = view
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(content)
    }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }

    nonisolated static var contentBlocks: [ContentBlock] { [.anything] }
}
