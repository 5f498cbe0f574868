/// Why the test driver could not find or act on a control. The description names what was
/// asked for and lists the controls the tree has, so a failing test says what to fix:
///
/// ```
/// no Button titled "Save"; the controls are: TextField "Title", Button "Add", Toggle "Show done"
/// ```
public struct DriverError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// No control of the kind has the title, exactly or as a prefix.
        case notFound
        /// Several do (`count` of them), and none exactly alone.
        case ambiguous(count: Int)
        /// The control is disabled: nothing was changed.
        case disabled
        /// A picker has no option with the tag (or the tag is not of its selection's type).
        case noSuchOption
    }

    public let reason: Reason
    /// The kind of control asked for.
    public let kind: ControlHandle.Kind
    /// The title asked for (or the control's, for `.disabled` and `.noSuchOption`).
    public let title: String
    /// Every control of the tree, as `Button "Add"`, in tree order (a picker's options, for
    /// `.noSuchOption`).
    public let available: [String]
    public let description: String

    init(_ reason: Reason, kind: ControlHandle.Kind, title: String, available: [String]) {
        self.reason = reason
        self.kind = kind
        self.title = title
        self.available = available
        let list = available.isEmpty ? "none" : available.joined(separator: ", ")
        switch reason {
        case .notFound:
            description = "no \(kind.name) titled \"\(title)\"; the controls are: \(list)"
        case .ambiguous(let count):
            description = "\(count) controls match \(kind.name) \"\(title)\"; use a title that names one, or \(kind.pluralLookup)(_:) for all of them. The controls are: \(list)"
        case .disabled:
            description = "\(kind.name) \"\(title)\" is disabled; nothing was changed"
        case .noSuchOption:
            description = "Picker \"\(title)\" has no option with that tag; its options are: \(list)"
        }
    }
}

extension ControlHandle.Kind {
    /// The control's type name, as written in views.
    public var name: String {
        switch self {
        case .button: "Button"
        case .toggle: "Toggle"
        case .textField: "TextField"
        case .secureField: "SecureField"
        case .picker: "Picker"
        case .stepper: "Stepper"
        }
    }

    var pluralLookup: String {
        switch self {
        case .button: "buttons"
        case .toggle: "toggles"
        case .textField: "textFields"
        case .secureField: "secureFields"
        case .picker: "pickers"
        case .stepper: "steppers"
        }
    }
}
