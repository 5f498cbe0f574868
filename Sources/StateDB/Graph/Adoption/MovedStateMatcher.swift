/// Carries stored state over to view slots whose key changed between two builds of an app.
///
/// It looks only at slots that found no row when they mounted, once per key and host, at the
/// end of the update that mounted them (so every view that will claim its row has done so):
///
/// 1. **Keys of the first round.** A store written by the first round of statedb holds keys
///    with block positions (`App/VStack/Row[2]/isOn`). Each new slot knows the key that format
///    gave it; a row there, of the same type, is its own.
/// 2. **Moves.** Otherwise, the unused rows that no view of this build can own
///    (`BuildKeyGrammar`) and that share the slot's `MoveMatchKey` are its candidates. Exactly one
///    candidate for exactly one new slot: the value moves. Several: nothing moves, and each such
///    slot is reported with the candidates (`stateOrphaned`).
///
/// Rows the app named itself (`binding(for:)`) never move, nothing moves onto a slot that has
/// a row, and a key that was in use in this run (its view left and came back) takes nothing:
/// within a run a view that comes back starts afresh, as in SwiftUI. With
/// `StateStore.Options.adoptsMovedState` off, candidates are only reported.
///
/// Cost: nothing while every slot finds its row. The first slot without one makes the host ask
/// whether the store has unused rows under its root at all; only then are unused rows read, and
/// only those owned by a view of the slot's name with the slot's property, once per pair.
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
    /// Whether the store had unused rows under the root when first asked: without any, nothing
    /// can ever move (rows written later are this run's own).
    private var hasUnusedRows: Bool?
    /// Keys looked at or in use in this run: never looked at again.
    private var settledKeys: Set<String> = []
    /// The (view name, property) pairs whose unused rows were read, and those rows by match key.
    private var scannedOwners: Set<SlotOwner> = []
    private var rowsByMatchKey: [MoveMatchKey: [String]] = [:]
    private var explicitKeys: Set<String>?

    init(store: StateStore, rootType: any View.Type) {
        self.store = store
        grammar = BuildKeyGrammar(rootType: rootType)
        rootName = viewTypeInfo(ofType: rootType).segmentName
    }

    /// A slot of this host ended: if its view comes back in this run, it starts afresh.
    func noteEnded(_ key: String) {
        if mayMove { settledKeys.insert(key) }
    }

    private var mayMove: Bool {
        if let hasUnusedRows { return hasUnusedRows }
        let has = store.hasUnusedRows(under: rootName)
        hasUnusedRows = has
        return has
    }

    /// Looks for the stored state of `fresh`; returns whether any value moved.
    func carryOver(_ fresh: [FreshSlot]) -> Bool {
        guard mayMove else { return false }
        let adopts = store.options.adoptsMovedState
        var moved = false
        var remaining: [FreshSlot] = []
        for slot in fresh where !slot.cell.isEnded && settledKeys.insert(slot.cell.key).inserted {
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
        readUnusedRows(ownedLike: remaining)
        var groups: [MoveMatchKey: [FreshSlot]] = [:]
        for slot in remaining {
            let matchKey = MoveMatchKey(identity: ParsedSegment.segments(of: slot.cell.slotKey.identity), property: slot.property, type: slot.cell.typeName)
            groups[matchKey, default: []].append(slot)
        }
        for (matchKey, slots) in groups {
            let candidates = (rowsByMatchKey[matchKey] ?? []).filter { isCandidate($0, for: slots[0].cell) }
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

    /// Reads the unused rows owned by views of the names, and with the properties, of `slots`
    /// (the pairs not read before), and indexes them by match key.
    private func readUnusedRows(ownedLike slots: [FreshSlot]) {
        var owners = Set<SlotOwner>()
        for slot in slots {
            let owner = SlotOwner(key: slot.cell.key)
            if !scannedOwners.contains(owner) { owners.insert(owner) }
        }
        guard !owners.isEmpty else { return }
        scannedOwners.formUnion(owners)
        let rows = store.unusedRows(under: rootName) { owners.contains(SlotOwner(key: $0)) }
        for row in rows where !isExplicit(row.key) {
            let key = SlotKey(row.key)
            let segments = ParsedSegment.segments(of: key.identity)
            // First-round keys go only to the view at the same place (step 1): read as moves,
            // their positions would pair rows with the wrong views.
            guard !segments.contains(where: \.hasLegacyPosition) else { continue }
            rowsByMatchKey[MoveMatchKey(identity: segments, property: key.property, type: row.type), default: []].append(row.key)
        }
    }

    /// Whether the row at `key` is still unused, holds `cell`'s type, is not an app's own key,
    /// and belongs to no view this build can mount.
    private func isCandidate(_ key: String, for cell: SlotCell) -> Bool {
        guard let type = store.dormantType(at: key), type == cell.typeName, !isExplicit(key) else { return false }
        return !grammar.canProduce(identity: SlotKey(key).identity)
    }

    /// Whether the app named `key` itself (read from the store at the first need).
    private func isExplicit(_ key: String) -> Bool {
        if explicitKeys == nil { explicitKeys = (try? store.explicitKeys()) ?? [] }
        return explicitKeys?.contains(key) == true
    }

    private func reportAdopted(_ cell: SlotCell, from oldKey: String, reason: String) {
        store.report(StateDiagnostic(
            kind: .stateAdopted, key: cell.key,
            message: "carried over the \(cell.typeName) value stored under \(oldKey) (\(reason)); that row is now this one. `statedb orphans` lists what moved."))
    }

    private func reportOrphaned(_ cell: SlotCell, candidates: [String]) {
        let why: String
        if !store.options.adoptsMovedState {
            why = "carrying state over is off (StateStore.Options.adoptsMovedState)"
        } else if candidates.count == 1 {
            why = "it could not be carried over (its value no longer decodes)"
        } else {
            why = "\(candidates.count) stored rows match it, so none was carried over"
        }
        store.report(StateDiagnostic(
            kind: .stateOrphaned, key: cell.key,
            message: "starts from its initial value, but an earlier build may have stored its state under \(candidates.sorted().joined(separator: ", ")); \(why). Move the right one with `statedb mv OLD NEW`."))
    }
}

/// The view name and property of a slot key (`Row` and `isOn` for `App/VStack/Row[#2]/isOn`):
/// what a row must share with a new slot to be worth reading as a candidate. Every candidate
/// shares them, since the view owning a slot is never a container that a move leaves out.
private struct SlotOwner: Hashable {
    let name: Substring
    let property: Substring

    init(key: String) {
        let bytes = key.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
            name = ""
            property = Substring(key)
            return
        }
        property = Substring(key.utf8[bytes.index(after: slash)...])
        let identity = bytes[..<slash]
        let start = identity.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? identity.startIndex
        let segment = identity[start...]
        let end = segment.firstIndex(of: UInt8(ascii: "[")) ?? segment.endIndex
        name = Substring(key.utf8[start..<end])
    }
}
