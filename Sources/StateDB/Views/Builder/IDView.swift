/// A view with an explicit identity, made by `.id(_:)`. Changing the id gives the view a new
/// identity: its old state ends and it starts from its initial values, as in SwiftUI.
public struct IDView<Content: View, ID: Hashable>: View, StructuralView {
    public typealias Body = Never
    /// The view that gets the identity.
    public let content: Content
    /// The explicit id, encoded by value into the identity.
    public let id: ID

    func addChildren(to list: inout ChildList, qualifiers: String) {
        list.add(content, qualifiers: qualifiers + "[.id: " + IdentityEncoding.encodeID(id) + "]")
    }
}

extension View {
    /// Gives this view an explicit identity, encoded by value (`Row[.id: 42]`).
    public func id<ID: Hashable>(_ id: ID) -> IDView<Self, ID> {
        IDView(content: self, id: id)
    }
}
