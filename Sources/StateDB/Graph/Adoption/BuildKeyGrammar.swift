/// Tells whether a view of the running build could ever write a given stored identity: the
/// identity's segments are walked down the positions of the root view's blocks (every branch
/// of every `if`, whether taken now or not; any id for `ForEach` elements and `.id(x)`; any view
/// at all inside an `AnyView`).
///
/// A stored row whose identity this build can produce belongs to a view that is simply not on
/// screen now (a closed panel, a branch not taken, a filtered-out element): it is never handed to
/// another view. Only rows that no view of this build can own are candidates for a move.
@MainActor
final class BuildKeyGrammar {
    private let rootName: String
    private let rootType: any View.Type
    /// The segments below a view of a type that is not a stack (stacks take their patterns
    /// from their position).
    private var patternsByType: [ObjectIdentifier: [ChildPattern]] = [:]

    init(rootType: any View.Type) {
        self.rootType = rootType
        rootName = viewTypeInfo(ofType: rootType).segmentName
    }

    /// Whether a view of this build can have `identity`.
    func canProduce(identity: String) -> Bool {
        let segments = ParsedSegment.segments(of: identity)
        guard let root = segments.first, root.name == rootName, root.qualifiers.isEmpty else { return false }
        return canProduce(segments.dropFirst(), below: patterns(below: rootType))
    }

    private func canProduce(_ rest: ArraySlice<ParsedSegment>, below patterns: [ChildPattern]) -> Bool {
        guard let segment = rest.first else { return true }
        var qualifiers = segment.qualifiers
        if segment.duplicate != nil { qualifiers.removeLast() }
        for pattern in patterns where pattern.matches(name: segment.name, qualifiers: qualifiers) {
            guard let below = pattern.below else { return true }  // inside an `AnyView`: anything
            if canProduce(rest.dropFirst(), below: below()) { return true }
        }
        return false
    }

    /// The segments a view of `type` can have below it, from its type's content blocks.
    private func patterns(below type: any View.Type) -> [ChildPattern] {
        let id = ObjectIdentifier(type)
        if let known = patternsByType[id] { return known }
        var patterns: [ChildPattern] = []
        for block in viewTypeInfo(ofType: type).contentBlocks {
            switch block {
            case .block(let content), .container(let content):
                patterns += self.patterns(of: viewTypeInfo(ofType: content).shape, prefix: [])
            case .elements(let content):
                patterns += self.patterns(of: viewTypeInfo(ofType: content).shape, prefix: [.elementID])
            }
        }
        patternsByType[id] = patterns
        return patterns
    }

    /// The segments the positions of `shape` give their views, after `prefix`.
    private func patterns(of shape: BlockShape, prefix: [QualifierPattern]) -> [ChildPattern] {
        shape.positions.flatMap { position -> [ChildPattern] in
            let qualifiers = prefix + position.qualifierTexts.map(QualifierPattern.exact)
            switch position.kind {
            case .explicitID(let content):
                return patterns(of: viewTypeInfo(ofType: content).shape, prefix: qualifiers + [.explicitID])
            case .erased:
                return [ChildPattern(name: nil, qualifiers: qualifiers, below: nil)]
            case .view:
                // A stack's block is numbered with this one's: its patterns come with the position.
                if let content = position.contentShape {
                    return [ChildPattern(name: position.name, qualifiers: qualifiers, below: { [unowned self] in self.patterns(of: content, prefix: []) })]
                }
                let type = position.type
                return [ChildPattern(name: position.name, qualifiers: qualifiers, below: { [unowned self] in self.patterns(below: type) })]
            }
        }
    }

    private struct ChildPattern {
        /// nil: any name (the content of an `AnyView`).
        let name: String?
        let qualifiers: [QualifierPattern]
        /// The patterns one level further down; nil: anything.
        let below: (() -> [ChildPattern])?

        func matches(name: String, qualifiers: [String]) -> Bool {
            guard let expected = self.name else {
                // An `AnyView`'s content: any view, whose segment goes on with the qualifiers of
                // the `AnyView`'s position and then its own.
                return qualifiers.count >= self.qualifiers.count && zip(self.qualifiers, qualifiers).allSatisfy { $0.matches($1) }
            }
            return name == expected && qualifiers.count == self.qualifiers.count
                && zip(self.qualifiers, qualifiers).allSatisfy { $0.matches($1) }
        }
    }

    private enum QualifierPattern {
        case exact(String)
        case elementID
        case explicitID

        func matches(_ qualifier: String) -> Bool {
            switch self {
            case .exact(let text): qualifier == text
            case .elementID: qualifier.hasPrefix("id: ")
            case .explicitID: qualifier.hasPrefix(".id: ")
            }
        }
    }
}

/// The type table of a view type given as a value.
func viewTypeInfo(ofType type: any View.Type) -> ViewTypeInfo {
    func open<V: View>(_ type: V.Type) -> ViewTypeInfo { ViewTypeInfo.of(type) }
    return open(type)
}
