/// What a stored row and a new view slot must share for the row's value to be carried over
/// when the view's key changed between two builds of an app: the same root, the same views on
/// the way down — each by name, by its number among views of its name and by its element or
/// explicit ids — the same property and the same stored type.
///
/// Left out, so that these edits still match: the containers `VStack`, `HStack`, `Group`,
/// `List`, `Section`, `Form` and `ScrollView`
/// (wrapping a view in one, or moving it to another container of the same parent view; their
/// ids stay, given to the next view down, so a `ForEach` element is still told apart when its
/// content gets wrapped), branches (`[then]`, `[else]`: wrapping a view in one branch of an `if`)
/// and `[any]` (wrapping it in an `AnyView`). Everything else — a renamed type, another property
/// name, another value type, another id or number — is another slot.
struct MoveMatchKey: Hashable, Sendable {
    let text: String

    /// The containers a move may add, remove or swap around a view.
    static let containers: Set<String> = ["VStack", "HStack", "Group", "List", "Section", "Form", "ScrollView"]

    /// The match key of the slot `property` of the view at `identity`, holding `type`.
    init(identity segments: [ParsedSegment], property: String, type: String) {
        self.init(segments, property: property, type: type, numbered: true)
    }

    /// A looser match key that also leaves out where each view stands among its siblings: the
    /// first round's block positions (`[3]`) and this build's numbers among views of a name
    /// (`[#2]`). One cannot be derived from the other, so this is how a key of the first round
    /// compares with keys of this build; several views of one name in a block share it.
    init(ignoringPositions segments: [ParsedSegment], property: String, type: String) {
        self.init(segments, property: property, type: type, numbered: false)
    }

    private init(_ segments: [ParsedSegment], property: String, type: String, numbered: Bool) {
        var text = ""
        var floatingIDs: [String] = []
        for (index, segment) in segments.enumerated() {
            if index > 0 && Self.containers.contains(segment.name) {
                floatingIDs += segment.ids
                continue
            }
            text += segment.name
            if numbered && index > 0 { text += "#\(segment.number)" }
            for id in floatingIDs + segment.ids { text += "[" + id + "]" }
            floatingIDs = []
            if let duplicate = segment.duplicate { text += "[" + duplicate + "]" }
            text += "/"
        }
        self.text = text + property + "\u{0}" + type
    }
}
