/// A type-erased view, as in SwiftUI: lets a function return different view types. It adds
/// no segment of its own; the wrapped view's type names its identity, so wrapping another
/// type is a different view (its state starts afresh).
public struct AnyView: View, StructuralView {
    public typealias Body = Never
    let content: any View

    /// Wraps `view`.
    public init<V: View>(_ view: V) {
        content = view
    }

    func addChildren(to list: inout ChildList, qualifiers: String) {
        list.add(content, qualifiers: qualifiers)
    }
}
