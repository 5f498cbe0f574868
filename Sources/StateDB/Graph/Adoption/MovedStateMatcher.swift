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
    /// The filters whose unused rows were read, and those rows by match key.
    private var scannedFilters: Set<CandidateFilter> = []
    private var rowsByMatchKey: [MoveMatchKey: [String]] = [:]

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

    /// Reads the unused rows that could be the candidates of `slots` (`CandidateFilter`, for the
    /// filters not read before), and indexes them by match key.
    private func readUnusedRows(ownedLike slots: [FreshSlot]) {
        var filters = Set<CandidateFilter>()
        for slot in slots {
            let filter = CandidateFilter(slot.cell.slotKey)
            if !scannedFilters.contains(filter) { filters.insert(filter) }
        }
        guard !filters.isEmpty else { return }
        scannedFilters.formUnion(filters)
        let list = Array(filters)
        let rows = store.unusedRows(under: rootName) { key in list.contains { $0.admits(key) } }
        for row in rows {
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

    /// Whether the app named `key` itself.
    private func isExplicit(_ key: String) -> Bool {
        (try? store.isExplicitKey(key)) ?? true
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

/// What every candidate row of a new slot has, checked on the key's bytes so that reading a
/// store's unused rows costs a few comparisons per row, not a parse: the same property, an
/// owning view of the same name (the view owning a slot is never a container a move leaves out)
/// and the element and explicit ids the new key has, no more and no fewer (ids stay in the match
/// key).
private struct CandidateFilter: Hashable {
    /// `/property`, which the key ends with.
    let propertySuffix: [UInt8]
    /// The owning view's name, which the last segment starts with.
    let name: [UInt8]
    /// `[id: …]` and `[.id: …]` qualifiers, which the key contains.
    let ids: [[UInt8]]

    init(_ key: SlotKey) {
        propertySuffix = Array(("/" + key.property).utf8)
        let segments = ParsedSegment.segments(of: key.identity)
        name = Array((segments.last?.name ?? "").utf8)
        ids = segments.flatMap(\.ids).map { Array(("[" + $0 + "]").utf8) }
    }

    func admits(_ key: String) -> Bool {
        key.utf8.withContiguousStorageIfAvailable(admits) ?? admits(Array(key.utf8).withUnsafeBufferPointer { $0 })
    }

    private func admits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > propertySuffix.count + name.count,
              bytes.suffix(propertySuffix.count).elementsEqual(propertySuffix) else { return false }
        let identityEnd = bytes.count - propertySuffix.count
        var start = identityEnd
        while start > 0 && bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
        let afterName = start + name.count
        guard afterName <= identityEnd, bytes[start..<afterName].elementsEqual(name),
              afterName == identityEnd || bytes[afterName] == UInt8(ascii: "[") else { return false }
        return idCount(bytes) == ids.count && ids.allSatisfy { contains(bytes, $0) }
    }

    private static let elementID = Array("[id: ".utf8), explicitID = Array("[.id: ".utf8)

    /// How many `[id: ` and `[.id: ` the key has (one inside a quoted id counts too: a miss, never
    /// a wrong candidate, since candidates are matched in full afterwards).
    private func idCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "[") {
                let rest = UnsafeBufferPointer(rebasing: bytes[index...])
                if rest.starts(with: Self.elementID) || rest.starts(with: Self.explicitID) { count += 1 }
            }
            index += 1
        }
        return count
    }

    private func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ part: [UInt8]) -> Bool {
        guard let first = part.first, bytes.count >= part.count else { return part.isEmpty }
        var index = 0
        while index + part.count <= bytes.count {
            if bytes[index] == first && bytes[index..<(index + part.count)].elementsEqual(part) { return true }
            index += 1
        }
        return false
    }
}
