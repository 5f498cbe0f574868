/// The tasks `.task` modifiers started in one host, until each ends: so the host can cancel
/// them all when it goes away, and a test can wait for them (`ViewHost.waitForTasks()`).
@MainActor
final class TaskRunner {
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextNumber = 0

    /// Starts `request`'s action on the main actor.
    func start(_ request: TaskRequest) -> Task<Void, Never> {
        let number = nextNumber
        nextNumber += 1
        let action = request.action
        // The task's body runs on the main actor, after this function returns (the caller
        // is on it too), so it is registered below before it can end.
        let task = Task(priority: request.priority) { @MainActor [weak self] in
            await action()
            self?.running[number] = nil
        }
        running[number] = task
        return task
    }

    /// A task that has not ended yet (cancelled ones included), if any.
    var anyRunning: Task<Void, Never>? { running.values.first }

    /// How many tasks have not ended yet.
    var count: Int { running.count }

    func cancelAll() {
        for task in running.values { task.cancel() }
    }
}
