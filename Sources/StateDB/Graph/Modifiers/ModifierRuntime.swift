/// Runs what views' modifiers ask for, for one host: environment values and the views that
/// read them, appearance and disappearance actions, `onChange` actions, tasks.
///
/// The host calls in at fixed points: when a view is created or given new modifiers by its
/// parent (`update`), around its body (`beginBody`/`endBody`), after its first evaluation
/// (`evaluated`), and when it leaves the tree (`unmounted`). Actions are queued there and run
/// after the update's evaluation (`runQueued`), in SwiftUI's order:
///
/// 1. `onDisappear` of the views that left, children before parents;
/// 2. `onChange` of the views whose watched value changed, in tree order;
/// 3. `onAppear` (and `onChange(initial: true)`) of the views that appeared, children before
///    parents, a view's modifiers in the order written;
/// 4. then the tasks of those views start, in the same order, after every appearance action.
@MainActor
final class ModifierRuntime {
    /// The views that read each entry in their last evaluation, by entry.
    private var readers: [ObjectIdentifier: [ObjectIdentifier: ViewNode]] = [:]
    /// Views a changed environment value invalidated, for the host to evaluate.
    private var invalidated: [ViewNode] = []
    private var disappearing: [@MainActor () -> Void] = []
    private var changes: [@MainActor () -> Void] = []
    private var appearing: [ViewNode] = []
    /// `.task(id:)` modifiers whose id changed: (view, modifier index).
    private var restarts: [(node: ViewNode, index: Int)] = []
    let tasks = TaskRunner()
    private let recorder = EnvironmentReadRecorder()

    /// Actions or task starts are waiting for `runQueued`.
    var hasQueued: Bool {
        !disappearing.isEmpty || !changes.isEmpty || !appearing.isEmpty || !restarts.isEmpty
    }

    // MARK: - Modifiers

    /// Gives `node` the modifiers its parent's latest evaluation attached to it. Changed
    /// environment values invalidate their readers; a changed `onChange` value queues the
    /// action; a changed `task(id:)` id cancels the task and queues a new one.
    func update(_ node: ViewNode, with modifiers: [NodeModifier]) {
        guard let attachments = node.attachments else {
            if modifiers.isEmpty { return }
            let attachments = NodeAttachments(modifiers: modifiers, parentHead: node.parent?.environmentHead)
            node.attachments = attachments
            if attachments.ownHead != nil { rebuiltEnvironment(below: node) }
            appearIfNeeded(node, attachments)
            return
        }
        let old = attachments.modifiers
        guard old.count == modifiers.count, zip(old, modifiers).allSatisfy({ $0.hasSameShape(as: $1) }) else {
            replace(attachments, of: node, with: modifiers)
            return
        }
        attachments.modifiers = modifiers
        for index in modifiers.indices {
            switch (old[index], modifiers[index]) {
            case (.environment, .environment(let writes)):
                for (entry, write) in zip(attachments.entries[index], writes) where entry.replaceValue(with: write.value) {
                    invalidateReaders(of: entry)
                }
            case (.change(let previous), .change(let watch)):
                if watch.differs(from: previous) { changes.append { watch.fire(after: previous) } }
            case (.task(let previous), .task(let request)):
                guard let id = request.id, attachments.hasAppeared else { break }
                if let previousID = previous.id, id.isSame(as: previousID) { break }
                attachments.tasks[index]?.cancel()
                attachments.tasks[index] = nil
                restarts.append((node, index))
            default:
                break
            }
        }
    }

    /// Modifiers of another shape than before (rare: a chain that depends on values): the
    /// old tasks end, the environment entries are made afresh, and every view below that
    /// reads the environment re-runs.
    private func replace(_ attachments: NodeAttachments, of node: ViewNode, with modifiers: [NodeModifier]) {
        for task in attachments.tasks.values { task.cancel() }
        attachments.tasks = [:]
        attachments.modifiers = modifiers
        attachments.buildEntries(parentHead: node.parent?.environmentHead)
        if attachments.hasAppeared {
            for (index, modifier) in modifiers.enumerated() {
                if case .task = modifier { restarts.append((node, index)) }
            }
        }
        rebuiltEnvironment(below: node)
        appearIfNeeded(node, attachments)
    }

    /// A view already in the tree that gained lifecycle modifiers (an `AnyView`'s content
    /// got new ones) appears now.
    private func appearIfNeeded(_ node: ViewNode, _ attachments: NodeAttachments) {
        guard !attachments.hasAppeared, !attachments.modifiers.isEmpty else { return }
        attachments.hasAppeared = true
        // Only views with something to run at appearance are queued: a view with environment
        // values alone (the root, for the store) must not make the update run a round of
        // actions.
        let runsAtAppearance = attachments.modifiers.contains { modifier in
            switch modifier {
            case .appear, .task: true
            case .change(let watch): watch.initial
            case .environment, .disappear: false
            }
        }
        if runsAtAppearance { appearing.append(node) }
    }

    /// Re-chains the entries of `node`'s subtree to its new ones, and invalidates every view
    /// there that reads the environment.
    private func rebuiltEnvironment(below node: ViewNode) {
        func visit(_ node: ViewNode, parentHead: EnvironmentEntry?) {
            node.attachments?.relink(to: parentHead)
            if !node.info.environmentFields.isEmpty { invalidate(node) }
            let head = node.attachments?.ownHead ?? parentHead
            for child in node.children { visit(child, parentHead: head) }
        }
        if !node.info.environmentFields.isEmpty { invalidate(node) }
        let head = node.environmentHead
        for child in node.children { visit(child, parentHead: head) }
    }

    // MARK: - Environment reads

    /// Runs `body` (the view's) with its `@Environment` properties bound to its environment,
    /// and makes the view depend on exactly the entries it read. For views that have such
    /// properties (`info.environmentFields`): no other view can read the environment.
    func evaluatingBody<T>(of node: ViewNode, _ body: () -> T) -> T {
        let values = node.environment
        withViewBytes(of: node.view) { base in
            for field in node.info.environmentFields { bindEnvironmentProperty(field.type, at: base + field.offset, to: values) }
        }
        // A body that re-enters the host (calls `update()`) gets a recorder of its own.
        let recorder = self.recorder.isRecording ? EnvironmentReadRecorder() : self.recorder
        recorder.isRecording = true
        let result = EnvironmentReadTracker.withRecorder(recorder, body)
        recorder.isRecording = false
        setReads(of: node, to: recorder.takeReads())
        return result
    }

    private func setReads(of node: ViewNode, to reads: [EnvironmentEntry]) {
        let previous = node.attachments?.environmentReads ?? []
        if reads.count == previous.count && zip(reads, previous).allSatisfy({ $0 === $1 }) { return }
        removeReads(of: node)
        guard !reads.isEmpty else { return }
        let attachments = node.attachments ?? NodeAttachments(modifiers: [], parentHead: nil)
        node.attachments = attachments
        attachments.environmentReads = reads
        let nodeID = ObjectIdentifier(node)
        for entry in reads { readers[ObjectIdentifier(entry), default: [:]][nodeID] = node }
    }

    private func removeReads(of node: ViewNode) {
        guard let attachments = node.attachments, !attachments.environmentReads.isEmpty else { return }
        let nodeID = ObjectIdentifier(node)
        for entry in attachments.environmentReads {
            let entryID = ObjectIdentifier(entry)
            readers[entryID]?[nodeID] = nil
            if readers[entryID]?.isEmpty == true { readers[entryID] = nil }
        }
        attachments.environmentReads = []
    }

    private func invalidateReaders(of entry: EnvironmentEntry) {
        guard let nodes = readers[ObjectIdentifier(entry)] else { return }
        for node in nodes.values { invalidate(node) }
    }

    private func invalidate(_ node: ViewNode) {
        node.invalidationDepth = 0
        guard !node.isInvalidated else { return }
        node.isInvalidated = true
        invalidated.append(node)
    }

    /// The views changed environment values invalidated since the last call.
    func takeInvalidated() -> [ViewNode] {
        defer { invalidated = [] }
        return invalidated
    }

    // MARK: - Lifecycle

    /// After a view's evaluation: the first one queues its appearance.
    func evaluated(_ node: ViewNode) {
        guard let attachments = node.attachments, !attachments.hasAppeared, !attachments.modifiers.isEmpty else { return }
        appearIfNeeded(node, attachments)
    }

    /// The view left the tree (its children already did): its disappearance actions are
    /// queued and its tasks cancelled at once.
    func unmounted(_ node: ViewNode) {
        guard let attachments = node.attachments else { return }
        removeReads(of: node)
        for task in attachments.tasks.values { task.cancel() }
        attachments.tasks = [:]
        guard attachments.hasAppeared else { return }
        for case .disappear(let action) in attachments.modifiers { disappearing.append(action) }
    }

    /// Runs the queued actions, then starts the queued tasks (see the type's order).
    func runQueued() {
        let disappearing = self.disappearing, changes = self.changes
        let appearing = self.appearing, restarts = self.restarts
        self.disappearing = []
        self.changes = []
        self.appearing = []
        self.restarts = []
        ReadTracker.untracked {
            for action in disappearing { action() }
            for action in changes { action() }
            for node in appearing where node.isMounted {
                for modifier in node.attachments?.modifiers ?? [] {
                    switch modifier {
                    case .appear(let action): action()
                    case .change(let watch) where watch.initial: watch.fireInitial()
                    default: break
                    }
                }
            }
        }
        for node in appearing where node.isMounted {
            guard let attachments = node.attachments else { continue }
            for (index, modifier) in attachments.modifiers.enumerated() {
                if case .task(let request) = modifier { attachments.tasks[index] = tasks.start(request) }
            }
        }
        for (node, index) in restarts where node.isMounted {
            guard let attachments = node.attachments, attachments.modifiers.indices.contains(index),
                  case .task(let request) = attachments.modifiers[index] else { continue }
            attachments.tasks[index]?.cancel()
            attachments.tasks[index] = tasks.start(request)
        }
    }
}

// MARK: - Binding `@Environment` fields

/// Calls `body` with the address of `view`'s value.
private func withViewBytes<R>(of view: any View, _ body: (UnsafeRawPointer) -> R) -> R {
    func open<V: View>(_ view: V) -> R { withUnsafePointer(to: view) { body(UnsafeRawPointer($0)) } }
    return open(view)
}

private func bindEnvironmentProperty<P: EnvironmentProperty>(_ type: P.Type, at pointer: UnsafeRawPointer, to values: EnvironmentValues) {
    pointer.assumingMemoryBound(to: P.self).pointee.bind(to: values)
}
