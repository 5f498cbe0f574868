/// A view compared with `==` before its body runs again, as in SwiftUI: `.equatable()` on a
/// view of the app's that is `Equatable`. The host already compares every `Equatable` view
/// with `==` (its body re-runs only when the new value differs, or when what it read
/// changed), so wrapping changes nothing but the type. Structure, like `ModifiedView`: it adds
/// no segment, so the view keeps its keys.
public struct EquatableView<Content: View & Equatable>: View, StructuralView {
    public typealias Body = Never
    /// The view compared.
    public var content: Content

    /// `content`, compared with `==`.
    public init(content: Content) {
        self.content = content
    }

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        list.add(content, position: position, in: block)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.append(Content.self, branch: branch, legacy: legacy)
    }
}

extension View where Self: Equatable {
    /// This view, compared with `==` before its body runs again (see `EquatableView`).
    public func equatable() -> EquatableView<Self> {
        EquatableView(content: self)
    }
}
