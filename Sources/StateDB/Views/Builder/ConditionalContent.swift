/// One branch of an `if`/`else` or `switch`. The branch taken is part of the identity
/// (`[then]`, `[else]`), so switching branches ends the other branch's state.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, StructuralView {
    public typealias Body = Never

    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    func addChildren(to list: inout ChildList, qualifiers: String) {
        switch storage {
        case .trueContent(let content): list.add(content, qualifiers: qualifiers + "[then]")
        case .falseContent(let content): list.add(content, qualifiers: qualifiers + "[else]")
        }
    }
}

/// A lone `if` (or `if let`) in a builder: nothing when nil.
extension Optional: View, StructuralView where Wrapped: View {
    public typealias Body = Never

    func addChildren(to list: inout ChildList, qualifiers: String) {
        if let content = self { list.add(content, qualifiers: qualifiers) }
    }
}

/// A view that shows nothing.
public struct EmptyView: View, StructuralView {
    public typealias Body = Never
    public init() {}
    func addChildren(to list: inout ChildList, qualifiers: String) {}
}
