/// The views a block of view code can produce, worked out from its type alone: one *position*
/// per view that can appear (every branch of every `if`, whether taken or not), in the order of
/// the code, each with the segment a view in that position is written as.
///
/// Computing segments from the type rather than from what one evaluation produced is what
/// keeps a key still while the block changes around it: a view's position among the views of
/// its own type name is the same whichever branches are taken, and it only moves when a view
/// of that name is added before it. See `docs/identity.md`.
///
/// Positions are numbered by name across the whole block, branches included, so a view keeps
/// its number when it is wrapped in a lone `if` or in one branch of an `if`/`else`:
///
/// ```swift
/// Text("a")                  // Text
/// if x { Row() } else { Row() }  // Row[then], Row[else][#2]
/// Row()                      // Row[#3]
/// Options().id("o")          // Options[.id: "o"] (an explicit id takes no number)
/// ```
final class BlockShape: @unchecked Sendable {
    /// One place in the block where a view can appear.
    final class Position: @unchecked Sendable {
        /// The view type's own name (`Row`).
        let name: String
        /// What follows the name: branches (`[then]`), then the number among views of the same
        /// name when it is not the first (`[#2]`). For an explicit-id position, the branches only.
        let qualifiers: String
        /// The same, one text per qualifier without brackets (`then`, `#2`).
        let qualifierTexts: [String]
        /// `name + qualifiers`, the segment of a view in this position of a top-level block.
        let segment: String
        /// The qualifiers the first round of statedb wrote for this position (`[3][else]`): the
        /// block position and branches. Kept to find a store's rows under their old keys.
        let legacyQualifiers: String
        /// The type of the view in this position.
        let type: any View.Type
        /// For an explicit id (`.id(x)`): the type of the view that gets it. Its own block is a
        /// block of its own, written after the id.
        let explicitContent: (any View.Type)?

        init(name: String, qualifiers: [String], legacyQualifiers: String, type: any View.Type, explicitContent: (any View.Type)?) {
            self.name = name
            self.qualifierTexts = qualifiers
            self.qualifiers = qualifiers.map { "[" + $0 + "]" }.joined()
            self.segment = name + self.qualifiers
            self.legacyQualifiers = legacyQualifiers
            self.type = type
            self.explicitContent = explicitContent
        }
    }

    let positions: [Position]

    /// A block with no positions (what a list adds to before its first block).
    static let empty = BlockShape(positions: [])

    private init(positions: [Position]) {
        self.positions = positions
    }

    /// The shape of a block whose value has type `type`.
    static func of(_ type: any View.Type) -> BlockShape {
        var builder = Builder()
        builder.append(type, branch: [], legacy: "")
        return BlockShape(positions: builder.positions)
    }

    /// Collects positions in code order, numbering them by name.
    struct Builder {
        fileprivate(set) var positions: [Position] = []
        private var countByName: [String: Int] = [:]

        /// Adds the positions of a value of `type`, found inside branches `branch` (`then`,
        /// `else`, outermost first); `legacy` is
        /// what the first round's statedb wrote for the same place.
        mutating func append(_ type: any View.Type, branch: [String], legacy: String) {
            if let structural = type as? any StructuralView.Type {
                structural.appendShape(to: &self, branch: branch, legacy: legacy)
                return
            }
            let name = IdentityEncoding.segmentName(of: type)
            let number = (countByName[name] ?? 0) + 1
            countByName[name] = number
            let qualifiers = number == 1 ? branch : branch + ["#\(number)"]
            positions.append(Position(name: name, qualifiers: qualifiers, legacyQualifiers: legacy, type: type, explicitContent: nil))
        }

        /// Adds the position of a view with an explicit id (`.id(x)` on a `content` view).
        mutating func appendExplicitID(_ type: any View.Type, content: any View.Type, branch: [String], legacy: String) {
            positions.append(Position(name: IdentityEncoding.segmentName(of: content), qualifiers: branch, legacyQualifiers: legacy,
                                      type: type, explicitContent: content))
        }
    }
}
