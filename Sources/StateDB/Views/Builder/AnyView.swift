/// A type-erased view, as in SwiftUI: lets a function return different view types. It adds
/// no segment: its content's segment carries `[any]` (`Row[any]`, the second `AnyView` of a
/// block `Row[any #2]`), and within a run the content is matched by exact type: wrapping a
/// view of another type — even one whose name prints alike — is a different view, whose state
/// starts afresh.
public struct AnyView: View, StructuralView {
    public typealias Body = Never
    let content: any View

    /// Wraps `view`.
    public init<V: View>(_ view: V) {
        content = view
    }

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        list.addErased(content, position: position, in: block)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.appendErased(Self.self, branch: branch, legacy: legacy)
    }
}
