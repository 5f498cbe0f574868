/// The first of its views that fits, as in SwiftUI: `ViewThatFits { HStack { … }; VStack { … } }`.
///
/// A terminal gives every view the whole width and as many lines as it needs, so the first
/// view always fits: it is the one shown, and the only one mounted (the others have no state
/// and no controls). A first view that shows nothing (an `if` that is false) does not count:
/// the next one is shown. `axes` is accepted and ignored. Identity: `ViewThatFits`, the view
/// shown under it, numbered as in its block (`Screen/ViewThatFits/HStack`).
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    /// The views to choose among, the first preferred.
    public let content: Content

    /// Shows the first view of `content` (see `ViewThatFits`).
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    func addChildren(to list: inout ChildList) {
        let block = BlockContext(shape: viewTypeInfo(of: content).shape, prefix: "", legacyPrefix: nil)
        let choices = (content as? any ViewChoices)?.choices ?? [content]
        var position = 0
        for choice in choices {
            let before = list.elements.count
            position = list.add(choice, position: position, in: block)
            if list.elements.count > before { return }
        }
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}

/// A builder block's views, in order (a `TupleView`'s), for a `ViewThatFits` to choose among.
@MainActor
private protocol ViewChoices {
    var choices: [any View] { get }
}

extension TupleView: ViewChoices {
    fileprivate var choices: [any View] { children }
}
