// Text-field modifiers of SwiftUI that concern a software keyboard or spelling help, which a
// terminal has not: they compile and change nothing (the view is returned as it is).

/// The label of the return key of a software keyboard, as SwiftUI's; a terminal's is Enter.
public struct SubmitLabel: Sendable, Equatable {
    private let name: String

    public static let done = SubmitLabel(name: "done")
    public static let go = SubmitLabel(name: "go")
    public static let send = SubmitLabel(name: "send")
    public static let join = SubmitLabel(name: "join")
    public static let route = SubmitLabel(name: "route")
    public static let search = SubmitLabel(name: "search")
    public static let `return` = SubmitLabel(name: "return")
    public static let next = SubmitLabel(name: "next")
    public static let `continue` = SubmitLabel(name: "continue")
}

/// How a software keyboard capitalizes, as SwiftUI's; a terminal types what is typed.
public struct TextInputAutocapitalization: Sendable, Equatable {
    private let name: String

    public static let never = TextInputAutocapitalization(name: "never")
    public static let words = TextInputAutocapitalization(name: "words")
    public static let sentences = TextInputAutocapitalization(name: "sentences")
    public static let characters = TextInputAutocapitalization(name: "characters")
}

extension View {
    /// Accepted and ignored: there is no software keyboard (Enter submits, see `onSubmit`).
    public func submitLabel(_ submitLabel: SubmitLabel) -> Self { self }

    /// Accepted and ignored: a terminal does not correct what is typed.
    public func autocorrectionDisabled(_ disable: Bool = true) -> Self { self }

    /// Accepted and ignored: a terminal does not capitalize what is typed.
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> Self { self }
}
