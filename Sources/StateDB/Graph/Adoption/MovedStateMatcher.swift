/// Carries stored state over to view slots whose key changed between two builds of an app.
///
/// It looks only at slots that found no row when they mounted, once each, at the end of the
/// update that mounted them (so every view that will claim its row has done so):
///
/// 1. **Keys of the first round.** A store written by the first round of statedb holds keys
///    with block positions (`App/VStack/Row[2]/isOn`). Each new slot knows the key that format
///    gave it; a row there, of the same type, is its own.
/// 2. **Moves.** Otherwise, the unused rows that no view of this build can own
///    (`BuildKeyGrammar`) and that share the slot's `MoveMatchKey` are its candidates. Exactly one
///    candidate for exactly one new slot: the value moves. Several: nothing moves, and each such
///    slot is reported with the candidates (`stateOrphaned`).
///
/// Rows the app named itself (`binding(for:)`) never move, and nothing moves onto a slot that
/// has a row. With `StateStore.Options.adoptsMovedState` off, candidates are only reported.
@MainActor
final class MovedStateMatcher {
    /// A view slot that found no row when it mounted.
    struct FreshSlot {
        let cell: SlotCell
        let node: ViewNode
        let property: String
    }

    private let store: StateStore
    private let grammar: BuildKeyGrammar
    private let rootName: String
    /// Unused rows by match key, and the app's own keys: read at the first need, once per host.
    private var rowsByMatchKey: [MoveMatchKey: [String]]?
    private var explicitKeys: Set<String> = []
    /// The store held unused rows under the root when first asked: without any, nothing can move.
    private var hasUnusedRows = false

    init(store: StateStore, rootType: any View.Type) {
        self.store = store
        grammar = BuildKeyGrammar(rootType: rootType)
        rootName = viewTypeInfo(ofType: rootType).segmentName
    }

    /// Looks for the stored state of `fresh`; returns whether any value moved.
    func carryOver(_ fresh: [FreshSlot]) -> Bool {
        let adopts = store.options.adoptsMovedState
        var moved = false
        var remaining: [FreshSlot] = []
        loadRows()
        guard hasUnusedRows else { return false }
        for slot in fresh where !slot.cell.isEnded {
            let legacyKey = SlotKey(identity: slot.node.legacyIdentity, property: slot.property).key
            guard legacyKey != slot.cell.key, isCandidate(legacyKey, for: slot.cell) else {
                remaining.append(slot)
                continue
            }
            if adopts && store.adopt(slot.cell, from: legacyKey) {
                reportAdopted(slot.cell, from: legacyKey, reason: "the key an earlier statedb gave this view")
                moved = true
            } else {
                reportOrphaned(slot.cell, candidates: [legacyKey])
            }
        }
        var groups: [MoveMatchKey: [FreshSlot]] = [:]
        for slot in remaining {
            groups[MoveMatchKey(identity: ParsedSegment.segments(of: slot.cell.slotKey.identity), property: slot.property, type: slot.cell.typeName), default: []].append(slot)
        }
        for (matchKey, slots) in groups {
            let candidates = (rowsByMatchKey?[matchKey] ?? []).filter { isCandidate($0, for: slots[0].cell) }
            if candidates.isEmpty { continue }
            if adopts && slots.count == 1 && candidates.count == 1 && store.adopt(slots[0].cell, from: candidates[0]) {
                reportAdopted(slots[0].cell, from: candidates[0], reason: "the view moved")
                moved = true
                continue
            }
            for slot in slots { reportOrphaned(slot.cell, candidates: candidates) }
        }
        return moved
    }

    /// Reads the unused rows under this host's root once: later rows are the app's own writes.
    private func loadRows() {
        guard rowsByMatchKey == nil else { return }
        var rows: [MoveMatchKey: [String]] = [:]
        let dormant = store.dormantRows(under: rootName)
        hasUnusedRows = !dormant.isEmpty
        if hasUnusedRows { explicitKeys = (try? store.explicitKeys()) ?? [] }
        for row in dormant where !explicitKeys.contains(row.key) {
            let key = SlotKey(row.key)
            let segments = ParsedSegment.segments(of: key.identity)
            // First-round keys go only to the view at the same place (step 1): read as moves,
            // their positions would pair rows with the wrong views.
            guard !segments.contains(where: \.hasLegacyPosition) else { continue }
            rows[MoveMatchKey(identity: segments, property: key.property, type: row.type), default: []].append(row.key)
        }
        rowsByMatchKey = rows
    }

    /// Whether the row at `key` is still unused, holds `cell`'s type, is not an app's own key,
    /// and belongs to no view this build can mount.
    private func isCandidate(_ key: String, for cell: SlotCell) -> Bool {
        guard let type = store.dormantType(at: key), type == cell.typeName, !explicitKeys.contains(key) else { return false }
        return !grammar.canProduce(identity: SlotKey(key).identity)
    }

    private func reportAdopted(_ cell: SlotCell, from oldKey: String, reason: String) {
        store.report(StateDiagnostic(
            kind: .stateAdopted, key: cell.key,
            message: "carried over the \(cell.typeName) value stored under \(oldKey) (\(reason)); that row is now this one. `statedb orphans` lists what moved."))
    }

    private func reportOrphaned(_ cell: SlotCell, candidates: [String]) {
        let why = store.options.adoptsMovedState
            ? "\(candidates.count) stored rows match it, so none was carried over"
            : "carrying state over is off (StateStore.Options.adoptsMovedState)"
        store.report(StateDiagnostic(
            kind: .stateOrphaned, key: cell.key,
            message: "starts from its initial value, but an earlier build may have stored its state under \(candidates.sorted().joined(separator: ", ")); \(why). Move the right one with `statedb mv OLD NEW`."))
    }
}
