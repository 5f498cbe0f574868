extension ViewHost {
    /// Waits until every task the views' `.task` modifiers started has ended, updating the
    /// host as they change state, so a test can look at the result without guessing how long
    /// to wait:
    ///
    /// ```swift
    /// let host = ViewHost(root: TitleView(), store: .inMemory())   // `.task { title = await load() }`
    /// await host.waitForTasks()
    /// #expect(host.render() == "Loaded")
    /// ```
    ///
    /// Tasks started meanwhile (a `task(id:)` restarted by a task's write, a view mounted by
    /// one) are waited for too; cancelled tasks count until they return. It returns when no
    /// task is left and no update is pending. A task that never ends (a loop over an endless
    /// sequence) keeps it waiting: cancel it first (remove its view), or wait for a condition
    /// with `waitForTasks(until:)`.
    public func waitForTasks() async {
        while true {
            if needsUpdate { update() }
            guard let task = modifierRuntime.tasks.anyRunning else {
                if needsUpdate { continue }
                return
            }
            await task.value
        }
    }

    /// Lets the started tasks run, updating the host, until `condition` holds (true) or no
    /// task is left that could make it hold (false): for tasks that do not end, such as one
    /// looping over a stream the test feeds.
    ///
    /// ```swift
    /// continuation.yield("hello")
    /// #expect(await host.waitForTasks(until: { host.texts.contains("hello") }))
    /// ```
    @discardableResult
    public func waitForTasks(until condition: () -> Bool) async -> Bool {
        while true {
            if needsUpdate { update() }
            if condition() { return true }
            guard modifierRuntime.tasks.anyRunning != nil else {
                if needsUpdate { continue }
                return false
            }
            // Other main-actor work (the tasks) runs here; a task waiting for something off
            // the main actor (a sleep) resumes once that is done, so pause a little rather
            // than spin.
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// How many tasks started by `.task` modifiers have not ended yet (cancelled ones count
    /// until they return).
    public var runningTaskCount: Int { modifierRuntime.tasks.count }
}
