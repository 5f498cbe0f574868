/// One branch of an `if`/`else` or `switch`. The branch taken is part of the identity
/// (`[then]`, `[else]`), so switching branches ends the other branch's state.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, StructuralView {
    public typealias Body = Never

    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        switch storage {
        case .trueContent(let content): list.add(content, position: position, in: block)
        case .falseContent(let content): list.add(content, position: position + ViewTypeInfo.of(TrueContent.self).positionCount, in: block)
        }
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.append(TrueContent.self, branch: branch + ["then"], legacy: legacy + "[then]")
        shape.append(FalseContent.self, branch: branch + ["else"], legacy: legacy + "[else]")
    }
}

/// A lone `if` (or `if let`) in a builder: nothing when nil. It adds no qualifier, so wrapping
/// a view in a lone `if` keeps its key.
extension Optional: View, StructuralView where Wrapped: View {
    public typealias Body = Never

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        if let content = self { list.add(content, position: position, in: block) }
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.append(Wrapped.self, branch: branch, legacy: legacy)
    }
}

/// A view that shows nothing.
public struct EmptyView: View, StructuralView {
    public typealias Body = Never
    public init() {}
    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {}
    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {}
}
