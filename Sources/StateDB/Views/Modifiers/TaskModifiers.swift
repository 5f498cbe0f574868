extension View {
    /// Starts `action` on the main actor when this view appears (after its appearance
    /// actions), and cancels it when the view leaves the tree, as SwiftUI's `.task`.
    ///
    /// ```swift
    /// Text(title).task { title = await loadTitle() }
    /// ```
    ///
    /// The host runs it: the terminal host's loop runs main-actor work between keys, and
    /// state the task writes reaches the screen as any write does (`onNeedsUpdate`). A test
    /// waits for it with `await host.waitForTasks()`.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        attaching(.task(TaskRequest(priority: priority, id: nil, action: action)))
    }

    /// Like `task(priority:_:)`, and when the parent gives this view another `id` (not `==`
    /// to the previous one), the running task is cancelled and a new one started.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        attaching(.task(TaskRequest(priority: priority, id: EquatableTaskIdentity(id: value), action: action)))
    }
}
