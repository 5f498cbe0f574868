/// What submits a value, for `.onSubmit(of:_:)`, as SwiftUI's: `.text` is Enter in a text
/// field. `.search` is accepted and never triggers (there are no search fields here).
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Enter in a `TextField` or `SecureField`.
    public static let text = SubmitTriggers(rawValue: 1 << 0)
    /// A search field's submission: none exist here.
    public static let search = SubmitTriggers(rawValue: 1 << 1)
}

/// One `.onSubmit` action, set in the environment of the views it modifies.
struct SubmitAction {
    let triggers: SubmitTriggers
    let action: @MainActor () -> Void
}

struct SubmitActionKey: EnvironmentKey {
    static var defaultValue: SubmitAction? { nil }
}

/// Set by `.submitScope()`: the fields inside do not reach the actions outside.
struct SubmitScopeKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension View {
    /// Runs `action` when a text field in this view is submitted — Enter in the terminal,
    /// `submit()` on the field's handle in a test — as in SwiftUI:
    ///
    /// ```swift
    /// TextField("New item", text: $draft)
    ///     .onSubmit { items.append(draft); draft = "" }
    /// ```
    ///
    /// Every `.onSubmit` around the field runs, the innermost first, up to a `.submitScope()`.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void) -> some View {
        attaching(.environment([EnvironmentWrite(id: EnvironmentID(key: SubmitActionKey.self), value: SubmitAction(triggers: triggers, action: action))]))
    }

    /// Keeps the submissions of the fields in this view from the `.onSubmit` actions around
    /// it (`isBlocking: false`: lets them through), as in SwiftUI.
    public func submitScope(_ isBlocking: Bool = true) -> some View {
        attaching(.environment([EnvironmentWrite(id: EnvironmentID(key: SubmitScopeKey.self), value: isBlocking)]))
    }
}

extension EnvironmentValues {
    /// The actions a submission by `trigger` runs: every `.onSubmit` for it, innermost first,
    /// up to the first blocking `.submitScope()`.
    func submitActions(for trigger: SubmitTriggers) -> [@MainActor () -> Void] {
        let actionID = EnvironmentID(key: SubmitActionKey.self)
        let scopeID = EnvironmentID(key: SubmitScopeKey.self)
        var actions: [@MainActor () -> Void] = []
        // Walks every entry, not only the innermost of each key: the actions add up.
        var values: [(id: EnvironmentID, value: Any)] = written.reversed()
        var entry = head
        while let current = entry {
            values.append((current.id, current.value))
            entry = current.parent
        }
        for (id, value) in values {
            if id == scopeID, value as? Bool == true { break }
            if id == actionID, let submit = value as? SubmitAction, submit.triggers.contains(trigger) {
                actions.append(submit.action)
            }
        }
        return actions
    }
}
