import Foundation

/// One entry of the list. Stored as JSON inside the list's slot (`TodoApp/list`).
struct TodoItem: Codable, Identifiable, Equatable {
    /// Never reused (taken from `TodoList.nextID`), so a new item never inherits the per-row
    /// state of a removed one.
    var id: Int
    var title: String
    var isDone = false
    var note = ""
    var added: Date
}

extension Date {
    /// `2026-11-29 12:01`, local time.
    var shortText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: self)
    }
}
