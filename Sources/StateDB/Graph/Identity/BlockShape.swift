/// The views a block of view code can produce, worked out from its type alone: one *position*
/// per view that can appear (every branch of every `if`, whether taken or not), in the order of
/// the code, each with the segment a view in that position is written as.
///
/// Computing segments from the type rather than from what one evaluation produced is what
/// keeps a key still while the block changes around it: a view's number among the views of its
/// own type name is the same whichever branches are taken, and it only moves when a view of
/// that name is added before it.
///
/// Numbers count across the whole body of a view, through the stacks and groups in it (their
/// own blocks are numbered with their parent's), so a view keeps its number when it is wrapped
/// in a `VStack`, an `HStack`, a `Group`, a lone `if` or one branch of an `if`/`else`:
///
/// ```swift
/// Text("a")                          // Text
/// if x { Row() } else { Row() }      // Row[then], Row[else][#2]
/// VStack { Row() }                   // VStack, and inside it Row[#3]
/// Options().id("o")                  // Options[.id: "o"] (an explicit id takes no number)
/// AnyView(Row())                     // Row[any] (the content is numbered on its own)
/// ```
///
/// See `docs/identity.md`.
///
/// `@unchecked Sendable` (it and `Position`): built whole once per type and never changed;
/// only the `any View.Type` it keeps is not a `Sendable` type.
final class BlockShape: @unchecked Sendable {
    /// One place in the block where a view can appear.
    final class Position: @unchecked Sendable {
        enum Kind {
            /// A view of `type`.
            case view
            /// `.id(x)` on a view of this type: its own block comes after the id.
            case explicitID(content: any View.Type)
            /// An `AnyView`: its content's type is only known from the value.
            case erased
        }

        /// The view type's own name (`Row`); empty for an `AnyView`.
        let name: String
        /// What follows the name: branches (`[then]`), then the number among views of the same
        /// name when it is not the first (`[#2]`), or `[any]` for an `AnyView`. For an
        /// explicit-id position, the branches only.
        let qualifiers: String
        /// The same, one text per qualifier without brackets (`then`, `#2`).
        let qualifierTexts: [String]
        /// `name + qualifiers`, the segment of a view in this position of a top-level block.
        let segment: String
        /// `segment` is ASCII, so that texts spelled with it compare as their bytes do (see
        /// `SegmentParts`).
        let segmentIsASCII: Bool
        /// The qualifiers the first round of statedb wrote for this position (`[3][else]`): the
        /// block position and branches. Kept to find a store's rows under their old keys.
        let legacyQualifiers: String
        /// The type of the view in this position.
        let type: any View.Type
        let kind: Kind
        /// For a stack or a group: its content's block, numbered with this one's.
        let contentShape: BlockShape?

        init(name: String, qualifiers: [String], legacyQualifiers: String, type: any View.Type, kind: Kind, contentShape: BlockShape? = nil) {
            self.name = name
            self.qualifierTexts = qualifiers
            self.qualifiers = qualifiers.map { "[" + $0 + "]" }.joined()
            self.segment = name + self.qualifiers
            segmentIsASCII = SegmentParts.isASCII(segment.utf8)
            self.legacyQualifiers = legacyQualifiers
            self.type = type
            self.kind = kind
            self.contentShape = contentShape
        }
    }

    let positions: [Position]

    /// A block with no positions.
    static let empty = BlockShape(positions: [])

    private init(positions: [Position]) {
        self.positions = positions
    }

    /// The shape of a block whose value has type `type`, numbered on its own.
    static func of(_ type: any View.Type) -> BlockShape {
        var builder = Builder(numbers: Numbers())
        builder.append(type, branch: [], legacy: "")
        return BlockShape(positions: builder.positions)
    }

    /// The numbers handed out so far, by name: shared by a block and the stacks inside it.
    final class Numbers {
        private var countByName: [String: Int] = [:]

        func next(_ name: String) -> Int {
            let number = (countByName[name] ?? 0) + 1
            countByName[name] = number
            return number
        }
    }

    /// Collects positions in code order, numbering them by name.
    struct Builder {
        fileprivate(set) var positions: [Position] = []
        private let numbers: Numbers

        fileprivate init(numbers: Numbers) {
            self.numbers = numbers
        }

        /// Adds the positions of a value of `type`, found inside branches `branch` (`then`,
        /// `else`, outermost first); `legacy` is what the first round's statedb wrote for the
        /// same place.
        mutating func append(_ type: any View.Type, branch: [String], legacy: String) {
            if let structural = type as? any StructuralView.Type {
                structural.appendShape(to: &self, branch: branch, legacy: legacy)
                return
            }
            let name = IdentityEncoding.segmentName(of: type)
            let qualifiers = numbered(branch, name: name)
            var contentShape: BlockShape?
            if let primitive = type as? any PrimitiveView.Type, case .container(let content)? = primitive.contentBlocks.first {
                var inner = Builder(numbers: numbers)
                inner.append(content, branch: [], legacy: "")
                contentShape = BlockShape(positions: inner.positions)
            }
            positions.append(Position(name: name, qualifiers: qualifiers, legacyQualifiers: legacy, type: type, kind: .view, contentShape: contentShape))
        }

        /// Adds the position of a view with an explicit id (`.id(x)` on a `content` view).
        mutating func appendExplicitID(_ type: any View.Type, content: any View.Type, branch: [String], legacy: String) {
            positions.append(Position(name: IdentityEncoding.segmentName(of: content), qualifiers: branch, legacyQualifiers: legacy,
                                      type: type, kind: .explicitID(content: content)))
        }

        /// Adds the position of an `AnyView`, numbered among the block's `AnyView`s.
        mutating func appendErased(_ type: any View.Type, branch: [String], legacy: String) {
            let number = numbers.next("AnyView")
            positions.append(Position(name: "", qualifiers: branch + [number == 1 ? "any" : "any #\(number)"], legacyQualifiers: legacy,
                                      type: type, kind: .erased))
        }

        private func numbered(_ branch: [String], name: String) -> [String] {
            let number = numbers.next(name)
            return number == 1 ? branch : branch + ["#\(number)"]
        }
    }
}
