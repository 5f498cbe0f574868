/// What a view's node keeps for its modifiers and its environment reads: created only for
/// views that have modifiers or read the environment (most views of a big tree have neither).
@MainActor
final class NodeAttachments {
    /// The modifiers of the latest evaluation of the parent, innermost first.
    var modifiers: [NodeModifier]
    /// Per modifier, the entries an `.environment` modifier set (empty for other kinds).
    private(set) var entries: [[EnvironmentEntry]] = []
    /// The innermost entry this view's own modifiers set, nil when they set none: what its
    /// body and its subtree see first.
    private(set) var ownHead: EnvironmentEntry?
    /// The outermost entry they set, whose `parent` is the parent view's innermost entry.
    private(set) var ownTail: EnvironmentEntry?
    /// The entries the last evaluation of the body read.
    var environmentReads: [EnvironmentEntry] = []
    /// Per modifier, the task a `.task` modifier started.
    var tasks: [Int: Task<Void, Never>] = [:]
    /// The view's appearance actions were run (so it has disappearance actions to run).
    var hasAppeared = false

    init(modifiers: [NodeModifier], parentHead: EnvironmentEntry?) {
        self.modifiers = modifiers
        buildEntries(parentHead: parentHead)
    }

    /// Makes the entries of the `.environment` modifiers afresh, outermost first, chained to
    /// `parentHead`.
    func buildEntries(parentHead: EnvironmentEntry?) {
        var head = parentHead
        ownTail = nil
        ownHead = nil
        // Most views with modifiers have lifecycle ones only: no table to allocate.
        guard modifiers.contains(where: { if case .environment = $0 { true } else { false } }) else {
            entries = []
            return
        }
        entries = Array(repeating: [], count: modifiers.count)
        for index in modifiers.indices.reversed() {
            guard case .environment(let writes) = modifiers[index] else { continue }
            for write in writes {
                let entry = EnvironmentEntry(id: write.id, value: write.value, parent: head)
                if ownTail == nil { ownTail = entry }
                entries[index].append(entry)
                head = entry
            }
        }
        ownHead = ownTail == nil ? nil : head
    }

    /// Chains this view's entries to a new parent entry (an ancestor's were rebuilt).
    func relink(to parentHead: EnvironmentEntry?) {
        ownTail?.parent = parentHead
    }
}

extension ViewNode {
    /// The innermost environment entry this view sees: its own modifiers', else its
    /// nearest ancestor's. Found by walking up, so nodes need no field for it.
    var environmentHead: EnvironmentEntry? {
        var node: ViewNode? = self
        while let current = node {
            if let head = current.attachments?.ownHead { return head }
            node = current.parent
        }
        return nil
    }

    /// The view's environment, as its body sees it.
    var environment: EnvironmentValues { EnvironmentValues(head: environmentHead) }
}
