/// Tells whether a view of the running build could ever write a given stored identity: the
/// identity's segments are walked down the types of the root view's blocks (every branch of
/// every `if`, whether taken now or not; any id for `ForEach` elements and `.id(x)`).
///
/// A stored row whose identity this build can produce belongs to a view that is simply not on
/// screen now (a closed panel, a branch not taken, a filtered-out element): it is never handed to
/// another view. Only rows that no view of this build can own are candidates for a move.
@MainActor
final class BuildKeyGrammar {
    private let rootName: String
    private let rootType: any View.Type
    /// The segments a view of a type may have below it; nil: any (`AnyView`).
    private var childPatterns: [ObjectIdentifier: [ChildPattern]?] = [:]

    init(rootType: any View.Type) {
        self.rootType = rootType
        rootName = viewTypeInfo(ofType: rootType).segmentName
    }

    /// Whether a view of this build can have `identity`.
    func canProduce(identity: String) -> Bool {
        let segments = ParsedSegment.segments(of: identity)
        guard let root = segments.first, root.name == rootName, root.qualifiers.isEmpty else { return false }
        return canProduce(segments.dropFirst(), under: rootType)
    }

    private func canProduce(_ rest: ArraySlice<ParsedSegment>, under type: any View.Type) -> Bool {
        guard let segment = rest.first else { return true }
        guard let patterns = patterns(below: type) else { return true }
        var qualifiers = segment.qualifiers
        if segment.duplicate != nil { qualifiers.removeLast() }
        for pattern in patterns where pattern.matches(name: segment.name, qualifiers: qualifiers) {
            if canProduce(rest.dropFirst(), under: pattern.type) { return true }
        }
        return false
    }

    private func patterns(below type: any View.Type) -> [ChildPattern]? {
        let id = ObjectIdentifier(type)
        if let known = childPatterns[id] { return known }
        var patterns: [ChildPattern] = []
        var anything = false
        for block in viewTypeInfo(ofType: type).contentBlocks {
            switch block {
            case .block(let content): patterns += Self.patterns(of: content, prefix: [])
            case .elements(let content): patterns += Self.patterns(of: content, prefix: [.elementID])
            case .anything: anything = true
            }
        }
        let result: [ChildPattern]? = anything ? nil : patterns
        childPatterns[id] = .some(result)
        return result
    }

    /// The segments a block of type `block` gives its views, after `prefix`.
    private static func patterns(of block: any View.Type, prefix: [QualifierPattern]) -> [ChildPattern] {
        viewTypeInfo(ofType: block).shape.positions.flatMap { position -> [ChildPattern] in
            let qualifiers = prefix + position.qualifierTexts.map(QualifierPattern.exact)
            if let content = position.explicitContent {
                return patterns(of: content, prefix: qualifiers + [.explicitID])
            }
            return [ChildPattern(name: position.name, qualifiers: qualifiers, type: position.type)]
        }
    }

    private struct ChildPattern {
        let name: String
        let qualifiers: [QualifierPattern]
        let type: any View.Type

        func matches(name: String, qualifiers: [String]) -> Bool {
            name == self.name && qualifiers.count == self.qualifiers.count
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
