import Foundation

/// Mounts a view tree on a store and keeps it up to date.
///
/// ```swift
/// let store = try StateStore(path: statePath)
/// let host = ViewHost(root: ContentView(), store: store)
/// print(host.render())
/// try host.button("Tap").tap()   // runs the action, then update()
/// ```
///
/// Mounting evaluates every body once, hydrates each view's slots from the store (recording
/// the ones that were missing, initial values included) and commits. After that, `update()`
/// re-evaluates exactly the views invalidated since the last update — those whose bodies read
/// a slot that changed, through any binding, in this process or another, a property of an
/// `@Observable` model that changed (each evaluation is tracked with Observation's
/// `withObservationTracking`), or an environment value an ancestor changed — parents before
/// children, each at most once; children whose inputs did not change are not re-run. Then the
/// views' lifecycle actions run (`onAppear`, `onChange`…, see `docs/data-flow.md`) and their
/// tasks start. Each update ends with one commit.
///
/// A body should only read state. One that writes a slot is reported (`writeDuringBody`, once
/// per slot) and the write kept, but it does not re-run the view that made it when that view
/// read the slot, and a chain of such writes through other views ends after a few bodies, so
/// the host settles (`needsUpdate` turns false) instead of updating forever.
///
/// A host and its views belong to the main actor.
@MainActor
public final class ViewHost {
    /// The store the tree's slots live in.
    public let store: StateStore
    let root: ViewNode
    private let subscriber: ChangeSubscriber
    // Main actor only, and changed by one evaluation at a time; unchecked for the reason
    // `ViewNode`'s fields are (as are `freshSlots` and `bodyEvaluationCount`).
    @exclusivity(unchecked) private var dependencies: DependencyIndex
    private let reusableRecorder = ReadRecorder()
    private let wakeUp: WakeUp
    /// What the views' `dismiss()` calls (see `onDismiss`).
    let dismissTarget = DismissTarget()
    /// Views whose observed model properties changed (see `ObservationTracking.swift`).
    private let observedChanges: ObservedChanges
    /// View slots mounted since the last update that found no row (see `MovedStateMatcher`).
    @exclusivity(unchecked) private var freshSlots: [MovedStateMatcher.FreshSlot] = []
    private let movedStateMatcher: MovedStateMatcher
    /// Slots that bodies changed while being evaluated since the last drain of changes, by
    /// cell (see `noteWritesDuringBody`).
    private var bodyWrites: [ObjectIdentifier: BodyWrite] = [:]

    /// A slot a body changed while being evaluated.
    private struct BodyWrite {
        /// The slot's revision after the write: a later write, of any kind, is an ordinary one.
        let revision: UInt64
        /// 1 for a body evaluated for an ordinary reason, one more for each body in a chain of
        /// bodies re-run by such writes.
        let depth: Int
        /// The view that wrote it, when it had read the slot in the same evaluation: the write
        /// does not invalidate that view again.
        let writerThatRead: ObjectIdentifier?
    }

    /// How long a chain of writes during bodies may grow (a body writes a slot another body
    /// reads, whose body writes a slot a third reads…) before the next write in it invalidates
    /// nothing: a cycle of such writes stops instead of updating forever.
    static let bodyWriteChainLimit = 4

    /// Stores other than `store` that shared slots of the tree live in
    /// (`@AppStorage("k", store: other)`), each with this host's subscription: their changes
    /// re-run their readers, and each update commits them, as the host's own store.
    private var otherStores: [(store: StateStore, subscriber: ChangeSubscriber)] = []

    /// Environment values, lifecycle actions and tasks of the views' modifiers.
    let modifierRuntime = ModifierRuntime()

    /// Which control has the focus, and the `@FocusState` values kept in step with it.
    let focus = HostFocus()

    /// How many `body` evaluations ran since the host was created (mounting included).
    @exclusivity(unchecked) public private(set) var bodyEvaluationCount = 0

    /// Mounts `root` and commits its slots.
    public init<Root: View>(root: Root, store: StateStore) {
        self.store = store
        let wakeUp = WakeUp()
        self.wakeUp = wakeUp
        observedChanges = ObservedChanges(wakeUp: wakeUp)
        subscriber = store.subscribe(onFirstChange: { wakeUp.fire() })
        // A root with modifiers (`ContentView().environment(model)`, `.padding()`) is its
        // content's node with them attached; the store is in every view's environment.
        let (content, rootModifiers) = unwrappingModifiers(of: root)
        let rootInfo = viewTypeInfo(of: content)
        let rootNode = ViewNode(segment: rootInfo.segmentName, view: content, info: rootInfo, parent: nil)
        rootNode.attachments = NodeAttachments(
            modifiers: rootModifiers.node + [.environment([
                EnvironmentWrite(id: EnvironmentID(key: StateStoreKey.self), value: Optional(store) as Any),
                EnvironmentWrite(id: EnvironmentID(key: DismissKey.self), value: Optional(DismissAction(target: dismissTarget)) as Any),
            ])],
            parentHead: nil)
        rootNode.modifiers = rootModifiers.render
        self.root = rootNode
        dependencies = DependencyIndex(root: rootNode)
        movedStateMatcher = MovedStateMatcher(store: store, rootType: rootInfo.type)
        let rootSegment = String(self.root.segment)
        if StorageNamespace.all.contains(rootSegment) {
            store.report(StateDiagnostic(kind: .reservedIdentity, key: rootSegment, message: "the root view has the name of the namespace of @AppStorage and @SceneStorage keys, so its slots and those keys can share rows. Rename the root view."))
        }
        evaluate(self.root)
        carryOverMovedState()
        runModifierActions()
        settleFocus()
        commit()
    }

    isolated deinit {
        modifierRuntime.tasks.cancelAll()
        dependencies.removeAll(under: root)
        store.unsubscribe(subscriber)
        for other in otherStores { other.store.unsubscribe(other.subscriber) }
    }

    /// Called (on any thread) when a slot changes after an update, so an event loop can
    /// schedule the next `update()`. Runs once per batch of changes.
    public var onNeedsUpdate: (@Sendable () -> Void)? {
        get { wakeUp.handler }
        set { wakeUp.handler = newValue }
    }

    /// Re-evaluates the views invalidated since the last update, then commits.
    ///
    /// Changes committed by other processes (the `statedb` CLI) are read first, so they
    /// invalidate their readers too. Failures to commit are reported through the store's
    /// `diagnosticHandler`; the writes stay in memory for the next update or flush.
    public func update() {
        refresh(store)
        for other in otherStores { refresh(other.store) }
        // A resized terminal invalidates the `GeometryReader`s (one ioctl, once one was read).
        TerminalCells.shared.remeasure()
        evaluateInvalidated()
        carryOverMovedState()
        runModifierActions()
        settleFocus()
        commit()
    }

    /// How many times one update runs the actions modifiers queued (and re-evaluates what
    /// their writes invalidated) before leaving the rest to the next update: an `onChange`
    /// that keeps changing its own value cannot hold the update forever.
    static let modifierActionRounds = 8

    /// Runs the actions the views' modifiers queued (`onDisappear`, `onChange`, `onAppear`),
    /// starts their tasks, and re-evaluates the views the actions' writes invalidated, in the
    /// same update (see `ModifierRuntime` for the order).
    func runModifierActions() {
        for _ in 0..<Self.modifierActionRounds where modifierRuntime.hasQueued {
            modifierRuntime.runQueued()
            evaluateInvalidated()
            carryOverMovedState()
        }
    }

    private func refresh(_ store: StateStore) {
        do {
            try store.refreshFromDisk()
        } catch {
            store.reportHostFailure(.externalChange, "could not read changes made by other processes: \(error)")
        }
    }

    /// Re-evaluates the views whose reads changed, parents first, each once.
    ///
    /// A change a body made to a slot while being evaluated (reported as `writeDuringBody`)
    /// invalidates the other readers of the slot, but not the view that wrote it if that view
    /// had read it — it already saw its own write — and a chain of such writes ends after
    /// `bodyWriteChainLimit` bodies. So a body that writes what it reads cannot keep the host
    /// updating forever.
    func evaluateInvalidated() {
        let writes = bodyWrites
        bodyWrites = [:]
        var invalidated: [ViewNode] = []
        // Views that read a changed slot only through parts of it: re-run only if a part
        // changed, which is asked in the parent-first loop below, when each one's turn comes
        // (a parent re-run first may have removed it: asking then would run the app's key path
        // on an element that is gone, `$items[i]` of a deleted last `i`).
        var partReaders: [(node: ViewNode, cell: SlotCell, depth: Int)] = []
        var changed = store.drainChanges(of: subscriber)
        for other in otherStores { changed += other.store.drainChanges(of: other.subscriber) }
        for cell in changed {
            var depth = 0
            var writerThatRead: ObjectIdentifier?
            if !writes.isEmpty, let write = writes[ObjectIdentifier(cell)], write.revision == store.revision(of: cell) {
                if write.depth >= Self.bodyWriteChainLimit { continue }
                depth = write.depth
                writerThatRead = write.writerThatRead
            }
            dependencies.forEachReader(of: cell) { node in
                if let writerThatRead, ObjectIdentifier(node) == writerThatRead { return }
                if node.isInvalidated {
                    node.invalidationDepth = min(node.invalidationDepth, depth)
                    return
                }
                if node.readsOnlyParts(of: cell) {
                    partReaders.append((node, cell, depth))
                    return
                }
                node.isInvalidated = true
                node.invalidationDepth = depth
                invalidated.append(node)
            }
        }
        for token in observedChanges.drain() {
            // A view evaluated again since the token fired has a newer one (or none). A change
            // bodies made to models, as to slots, ends its chain at the limit.
            guard let node = token.node, node.observedReads === token, node.isMounted,
                  token.chainDepth < Self.bodyWriteChainLimit else { continue }
            if node.isInvalidated {
                node.invalidationDepth = min(node.invalidationDepth, token.chainDepth)
            } else {
                node.isInvalidated = true
                node.invalidationDepth = token.chainDepth
                invalidated.append(node)
            }
        }
        if partReaders.isEmpty {
            invalidated.sort { $0.depth < $1.depth }
            for node in invalidated where node.isMounted && node.isInvalidated {
                evaluate(node, depth: node.invalidationDepth, previousView: node.view)
            }
        } else {
            evaluateParentsFirst(invalidated, partReaders: partReaders)
        }
        evaluateEnvironmentReaders()
    }

    /// Re-evaluates `invalidated`, and each of `partReaders` whose part of the slot changed, in
    /// one pass, parents first. A part reader is asked only when its turn comes, if it is still
    /// mounted and not re-run meanwhile (see `evaluateInvalidated`).
    private func evaluateParentsFirst(_ invalidated: [ViewNode], partReaders: [(node: ViewNode, cell: SlotCell, depth: Int)]) {
        var work = invalidated.map { (node: $0, part: nil as (cell: SlotCell, depth: Int)?) }
        work += partReaders.map { (node: $0.node, part: ($0.cell, $0.depth)) }
        work.sort { $0.node.depth < $1.node.depth }
        for (node, part) in work where node.isMounted {
            if let part {
                // Invalidated by another change too: its own entry re-runs it.
                guard !node.isInvalidated, !node.sawOnlyUnchangedParts(of: part.cell) else { continue }
                evaluate(node, depth: part.depth, previousView: node.view)
            } else if node.isInvalidated {
                evaluate(node, depth: node.invalidationDepth, previousView: node.view)
            }
        }
    }

    /// Re-evaluates the views that read an environment value that changed meanwhile (and
    /// were not reached through their parents), parents first.
    private func evaluateEnvironmentReaders() {
        while true {
            var nodes = modifierRuntime.takeInvalidated()
            if nodes.isEmpty { return }
            nodes.sort { $0.depth < $1.depth }
            for node in nodes where node.isMounted && node.isInvalidated {
                evaluate(node, depth: node.invalidationDepth, previousView: node.view)
            }
        }
    }

    /// Gives slots that mounted without a row the state an earlier build stored for them under
    /// another key, and re-evaluates the views that read them — before the commit, so the
    /// screen never shows the initial value. A carried value can mount more views (an
    /// expanded panel), whose slots are looked at in turn.
    private func carryOverMovedState() {
        for _ in 0..<8 where !freshSlots.isEmpty {
            let fresh = freshSlots
            freshSlots = []
            guard movedStateMatcher.carryOver(fresh) else { break }
            evaluateInvalidated()
        }
        freshSlots = []
    }

    /// A plain-text snapshot of the primitive tree (format in `docs/identity.md`): no styles
    /// (`.bold()`, colours), no trailing spaces.
    public func render() -> String {
        ReadTracker.untracked { renderLines(of: root) }.map(TextStyle.plain).joined(separator: "\n")
    }

    /// The lines of `node`, with the styles of `.bold()` and `.foregroundStyle(_:)` as SGR
    /// escape sequences (`render()` strips them; the terminal host draws them).
    func renderLines(of node: ViewNode) -> [String] {
        // A covered view (under a sheet or a pushed screen) draws nothing, whatever modifiers
        // around it would add (a navigation title).
        if node.isCovered { return [] }
        var lines: [String]
        if let primitive = node.view as? PrimitiveView {
            if let nodeRendered = primitive as? NodeRenderedView {
                lines = nodeRendered.renderLines(of: node, in: self)
            } else {
                lines = primitive.renderLines(children: node.children.map(renderLines(of:)))
            }
        } else {
            lines = node.children.flatMap(renderLines(of:))
        }
        for modifier in node.modifiers { lines = modifier.renderLines(lines) }
        return lines
    }

    /// The identities of every mounted view, depth first.
    public var identities: [String] {
        var result: [String] = []
        visit(root) { result.append($0.identity) }
        return result
    }

    func visit(_ node: ViewNode, _ body: (ViewNode) -> Void) {
        body(node)
        for child in node.children { visit(child, body) }
    }

    // MARK: - Evaluation

    /// Evaluates `node`'s body and reconciles its children. `depth`: 0 for an ordinary reason
    /// (mounting, new inputs, a change), else how deep in a chain of writes made during bodies
    /// the change that invalidated it is (see `evaluateInvalidated`). `previousView`: the struct
    /// the node held before `node.view` was replaced, whose slots the new one takes over (nil
    /// for a view mounting, or evaluated again with the struct it has).
    private func evaluate(_ node: ViewNode, depth: Int = 0, previousView: (any View)? = nil) {
        node.isInvalidated = false
        // Half the views of a list of rows (each row's `Text`): nothing to read, record or
        // mount, so none of the tracking below is set up (~1,700 instructions a leaf).
        if node.info.isLeaf {
            // A primitive that adds children must say where they come from (`contentBlocks`).
            assert({ var list = ChildList(); node.info.addPrimitiveChildren?(node.view, &list); return list.elements.isEmpty }(),
                   "\(node.info.type) adds children but declares no content blocks")
            if node.attachments != nil { modifierRuntime.evaluated(node) }
            return
        }
        // Read once: each read of the node's field copied the struct (retaining what it holds)
        // for the call it was passed to, 1.6% of mounting a list of rows.
        let view = node.view
        attachSlots(of: node, view: view, previousView: previousView)
        // One recorder serves every evaluation of this host (children are evaluated after their
        // parent's body has run, so evaluations do not nest); a body that re-enters the host
        // (calls `update()`) while its reads are being recorded gets a fresh one.
        let recorder = reusableRecorder.isRecording ? ReadRecorder() : reusableRecorder
        if let previous = node.observedReads {
            observedChanges.retire(previous)
            node.observedReads = nil
        }
        var (children, observed) = observedChanges.track(chainDepth: depth + 1) { ReadTracker.withRecorder(recorder) { () -> ChildList in
            var list = ChildList(containerShape: node.position?.contentShape)
            if let addChildren = node.info.addPrimitiveChildren {
                addChildren(view, &list)
            } else if !node.info.hasNoBody {
                bodyEvaluationCount += 1
                if node.info.environmentFields.isEmpty {
                    list.addBlock(body(of: view))
                } else {
                    list.addBlock(modifierRuntime.evaluatingBody(of: node) { body(of: view) })
                }
            }
            return list
        } }
        if let observed {
            observed.node = node
            node.observedReads = observed
        }
        var reads = recorder.takeReads()
        let writes = recorder.takeWrites()
        let parts = recorder.takePartReads()
        if !parts.isEmpty || !node.partReads.isEmpty {
            // A slot read whole too depends on all of it; the others' cells are read (the index
            // finds this view from them) through parts.
            let wholeReads = reads
            node.partReads = parts.filter { part in !wholeReads.contains { $0 === part.cell } }
            for part in parts { reads.append(part.cell) }
        }
        dependencies.setReads(of: node, to: reads)
        if !writes.isEmpty { noteWritesDuringBody(writes, of: node, reads: reads, depth: depth) }
        for segment in children.separateDuplicates() {
            store.report(StateDiagnostic(kind: .duplicateIdentity, key: node.identity + "/" + segment, message: "several sibling views have this identity (duplicate ForEach ids?); each got its own slots, marked [duplicate N]. Give every element a unique id."))
        }
        if children.idsNameObjects {
            store.reportOnce(StateDiagnostic(kind: .notPersisted, key: node.identity, message: "a ForEach here identifies its elements by ObjectIdentifier (the default id of an Identifiable class): the id names the object only in this process, so the rows' state is stored under keys no later run builds, and is not found after a restart (the rows become orphans). Give the class a stored id (`let id: UUID`, encoded with it), or use ForEach(_:id:) with a property that stays."))
        }
        reconcile(node, with: children, depth: depth)
        if node.attachments != nil { modifierRuntime.evaluated(node) }
    }

    /// Slots `node`'s body changed while being evaluated: each is reported once, and remembered
    /// for the next drain of changes (`evaluateInvalidated`).
    private func noteWritesDuringBody(_ writes: [ReadRecorder.Write], of node: ViewNode, reads: SlotCellList, depth: Int) {
        for write in writes {
            let cell = write.cell
            let read = reads.contains { $0 === cell }
            bodyWrites[ObjectIdentifier(cell)] = BodyWrite(revision: write.revision, depth: depth + 1, writerThatRead: read ? ObjectIdentifier(node) : nil)
            guard store.isFirstWriteDuringBody(cell) else { continue }
            store.report(StateDiagnostic(
                kind: .writeDuringBody, key: cell.key,
                message: "the body of \(node.identity) changed this slot while the view was being evaluated; a body should only read state. The value is kept, but \(read ? "the view is not re-run for its own write" : "only its readers re-run"); make the change in an action instead."))
        }
    }

    /// Matches the new children to the old ones by identity: a kept child is re-evaluated
    /// only when invalidated or given different inputs; new ones mount; missing ones end.
    /// `depth`: the parent's (see `evaluate`); a child re-run because it was invalidated by a
    /// change of its own runs at that change's depth, when lower.
    private func reconcile(_ node: ViewNode, with list: ChildList, depth: Int) {
        // The common case on re-evaluation: the same children in the same places. Matching
        // them by position needs no dictionary, and gives what the matching by segment below
        // would.
        // Within a run a view is matched by its exact type too: an `AnyView` whose content's
        // type changed holds a new view, even when both types have the same name.
        if !list.elements.isEmpty && node.children.count == list.elements.count
            && zip(node.children, list.elements).allSatisfy({ $0.info === $1.info && $1.hasSegment($0.segment) }) {
            for (index, (child, element)) in zip(node.children, list.elements).enumerated() {
                handModifiers(list.modifiers(at: index), to: child, isNew: false)
                guard child.isInvalidated || !sameInputs(child.view, element.view, oldInfo: child.info, newInfo: element.info) else { continue }
                let previousView = child.view
                child.view = element.view
                child.info = element.info
                evaluate(child, depth: child.isInvalidated ? min(depth, child.invalidationDepth) : depth, previousView: previousView)
            }
            return
        }
        // A first evaluation (every view of a mount) has nothing to match against.
        // (A loop, not `map`: the main-actor closure `map` takes checked its executor per child.)
        if node.children.isEmpty {
            // A leaf (a `Text`: half the views of a big tree) has nothing to add; reserving
            // room for no children still cost ~220 instructions per leaf.
            if list.elements.isEmpty { return }
            // Each node is made from the element in place (`ViewNode.init` borrows it): a copy
            // of each element (its prefix, its view through the type's value witnesses, its
            // tables) destroyed afterwards cost ~700 instructions per child.
            let elements = list.elements
            if elements.count == 1 {  // a row's `Text`: no array to build
                let child = ViewNode(elements[0], parent: node)
                handModifiers(list.modifiers(at: 0), to: child, isNew: true)
                evaluate(child, depth: depth)
                node.children = NodeChildren(only: child)
                return
            }
            var children: [ViewNode] = []
            children.reserveCapacity(elements.count)
            for index in elements.indices {
                let child = ViewNode(elements[index], parent: node)
                handModifiers(list.modifiers(at: index), to: child, isNew: true)
                evaluate(child, depth: depth)
                children.append(child)
            }
            node.children = NodeChildren(children)
            return
        }
        // Siblings' segments are distinct (`separateDuplicates`), so a segment names a child.
        var previous: [Substring: ViewNode] = [:]
        previous.reserveCapacity(node.children.count)
        for child in node.children { previous[child.segment] = child }
        var children: [ViewNode] = []
        children.reserveCapacity(list.elements.count)
        for (index, element) in list.elements.enumerated() {
            let segmentText = element.segment
            let segment = Substring(segmentText)
            if let child = previous[segment], child.info === element.info {
                previous[segment] = nil
                handModifiers(list.modifiers(at: index), to: child, isNew: false)
                if child.isInvalidated || !sameInputs(child.view, element.view, oldInfo: child.info, newInfo: element.info) {
                    let previousView = child.view
                    child.view = element.view
                    child.info = element.info
                    evaluate(child, depth: child.isInvalidated ? min(depth, child.invalidationDepth) : depth, previousView: previousView)
                }
                children.append(child)
            } else {
                if let replaced = previous.removeValue(forKey: segment) { unmount(replaced) }
                let child = ViewNode(element, segment: segmentText, parent: node)
                handModifiers(list.modifiers(at: index), to: child, isNew: true)
                evaluate(child, depth: depth)
                children.append(child)
            }
        }
        for gone in previous.values { unmount(gone) }
        node.children = NodeChildren(children)
    }

    /// Ends a subtree: its slots' rows are deleted in the next commit. Slots shared by key
    /// (`@AppStorage`) are left as they are: other views, now or later, share them.
    private func unmount(_ node: ViewNode) {
        node.isMounted = false
        _ = node.identity  // built while its parent is certainly alive: a gone view may be asked later
        forEachAttachedSlot(of: node) { location in
            if let memory = location as? any MemoryLocation { memory.end() }
            guard location.isOwnedByView, let cell = location.anyCell else { return }
            store.endSlot(cell)
            movedStateMatcher.noteEnded(cell.key)
        }
        if let observed = node.observedReads { observedChanges.retire(observed) }
        dependencies.removeReads(of: node)
        for child in node.children { unmount(child) }
        if node.attachments != nil { modifierRuntime.unmounted(node) }
    }

    /// Attaches the slot fields of `view`, the struct `node` holds. A field of a re-created
    /// struct takes over the slot of the same field in `previousView` (or in `view` itself,
    /// evaluated again as it is); a field with no attached predecessor attaches to the slot of
    /// its key.
    ///
    /// The node keeps no list of its slots: the struct it holds is the one attached last, and
    /// its fields hold the slots (`SlotProperty.attachedLocation`). A list per view was an
    /// allocation of 80 bytes for a view with two `@State`s.
    private func attachSlots(of node: ViewNode, view: any View, previousView: (any View)?) {
        let fields = node.info.slotFields
        guard !fields.isEmpty else { return }
        if node.info.hasFocusState { focus.isActive = true }
        withBytes(of: view) { base in
            withOptionalBytes(of: previousView) { previousBase in
                for field in fields {
                    let property = loadSlotProperty(field.type, at: base + field.offset)
                    if let previousBase, let existing = loadSlotProperty(field.type, at: previousBase + field.offset).attachedLocation {
                        if property.reattach(existing) { continue }
                        // The property's type (or key) changed.
                        if existing.isOwnedByView, let cell = existing.anyCell { store.endSlot(cell) }
                    }
                    do {
                        var attachment = SlotAttachment()
                        let location = try property.attach(store: store, key: SlotKey(identity: node.identity, property: field.name), types: field.slotTypes, attachment: &attachment)
                        if field.sharesSlotByKey { watchStore(of: location) }
                        if attachment.foundNoRow, let cell = attachment.cell {
                            freshSlots.append(MovedStateMatcher.FreshSlot(cell: cell, node: node, property: field.name))
                        }
                    } catch {
                        store.report(StateDiagnostic(kind: .typeConflict, key: node.identity + "/" + field.name, message: "\(error) The property keeps its value in memory only."))
                    }
                }
            }
        }
    }

    /// Calls `body` with each slot `node`'s struct holds attached.
    private func forEachAttachedSlot(of node: ViewNode, _ body: (AnySlotLocation) -> Void) {
        let fields = node.info.slotFields
        guard !fields.isEmpty else { return }
        withBytes(of: node.view) { base in
            for field in fields {
                if let location = loadSlotProperty(field.type, at: base + field.offset).attachedLocation { body(location) }
            }
        }
    }

    private func commit() {
        commit(store)
        for other in otherStores { commit(other.store) }
    }

    private func commit(_ store: StateStore) {
        do {
            try store.flush()
        } catch {
            store.reportHostFailure(.flushFailed, "\(error)")
        }
    }

    /// Subscribes to the store of a shared slot, when it is not the host's and not yet
    /// watched.
    private func watchStore(of location: AnySlotLocation) {
        guard let other = (location as? SharedSlotLocation)?.store, other !== store,
              !otherStores.contains(where: { $0.store === other }) else { return }
        let wakeUp = self.wakeUp
        otherStores.append((other, other.subscribe(onFirstChange: { wakeUp.fire() })))
    }

    /// Whether slots changed since the last update (or lifecycle actions are waiting).
    public var needsUpdate: Bool {
        store.hasChanges(for: subscriber) || otherStores.contains { $0.store.hasChanges(for: $0.subscriber) }
            || modifierRuntime.hasQueued
            || observedChanges.hasChanges
    }
}

/// Forwards "something changed" from any thread to the handler a run loop installed.
final class WakeUp: @unchecked Sendable {
    private let lock = NSLock()
    private var _handler: (@Sendable () -> Void)?
    var handler: (@Sendable () -> Void)? {
        get { lock.withLock { _handler } }
        set { lock.withLock { _handler = newValue } }
    }
    func fire() { handler?() }
}

// MARK: - Opening existential views

@MainActor
private func body(of view: any View) -> any View {
    func open<V: View>(_ view: V) -> any View { view.body }
    return open(view)
}

/// Calls `body` with the address of `view`'s value. Not isolated to the main actor: isolated,
/// the closure it hands `withUnsafePointer` checked its executor at every call.
private func withBytes<R>(of view: any View, _ body: (UnsafeRawPointer) -> R) -> R {
    func open<V: View>(_ view: V) -> R { withUnsafePointer(to: view) { body(UnsafeRawPointer($0)) } }
    return open(view)
}

/// `withBytes(of:_:)` of a view that may be absent (nil then).
private func withOptionalBytes<R>(of view: (any View)?, _ body: (UnsafeRawPointer?) -> R) -> R {
    guard let view else { return body(nil) }
    return withBytes(of: view) { body($0) }
}

private func loadSlotProperty<P: SlotProperty>(_ type: P.Type, at pointer: UnsafeRawPointer) -> any SlotProperty {
    pointer.assumingMemoryBound(to: P.self).pointee
}

/// Whether two view values carry the same inputs (see `InputComparison`). `oldInfo` and
/// `newInfo` are the values' type tables: one per type, so the types match when they are the
/// same object, and neither a cast nor a table lookup is needed.
@MainActor
private func sameInputs(_ old: any View, _ new: any View, oldInfo: ViewTypeInfo, newInfo: ViewTypeInfo) -> Bool {
    guard oldInfo === newInfo else { return false }
    func open<V: View>(_ old: V) -> Bool {
        func open<W: View>(_ new: W) -> Bool {
            withUnsafePointer(to: old) { lhs in
                withUnsafePointer(to: new) { rhs in newInfo.sameInputs(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs)) }
            }
        }
        return open(new)
    }
    return open(old)
}
