/// A view with an explicit identity, made by `.id(_:)`. Changing the id gives the view a new
/// identity: its old state ends and it starts from its initial values, as in SwiftUI. The id
/// replaces the view's number among its siblings (`Row[.id: 42]`), so moving it among them
/// keeps its key.
public struct IDView<Content: View, ID: Hashable>: View, StructuralView {
    public typealias Body = Never
    /// The view that gets the identity.
    public let content: Content
    /// The explicit id, encoded by value into the identity.
    public let id: ID

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        list.addExplicitID(content, id: IdentityEncoding.encodeID(id), position: position, in: block)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.appendExplicitID(Self.self, content: Content.self, branch: branch, legacy: legacy)
    }
}

extension View {
    /// Gives this view an explicit identity, encoded by value (`Row[.id: 42]`).
    public func id<ID: Hashable>(_ id: ID) -> IDView<Self, ID> {
        IDView(content: self, id: id)
    }
}
