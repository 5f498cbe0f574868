/// A key that triggers a control, as in SwiftUI's `.keyboardShortcut("n")`.
public struct KeyEquivalent: Sendable, Hashable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The key's character (`"\r"` for return, `"\u{1B}"` for escape…).
    public let character: Character

    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral character: Character) { self.character = character }

    public static let `return` = KeyEquivalent("\r")
    public static let escape = KeyEquivalent("\u{1B}")
    public static let delete = KeyEquivalent("\u{8}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
}

/// Modifier keys of a shortcut, as in SwiftUI. A terminal does not report ⌘ or ⌥ with a
/// character, so they are accepted and not required.
public struct EventModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = EventModifiers(rawValue: 1 << 0)
    public static let control = EventModifiers(rawValue: 1 << 1)
    public static let option = EventModifiers(rawValue: 1 << 2)
    public static let command = EventModifiers(rawValue: 1 << 3)
    public static let all: EventModifiers = [.shift, .control, .option, .command]
}

/// `.keyboardShortcut`: in the terminal, typing the key activates the control (when no text
/// field has the cursor), wherever the cursor is; the app's shortcut wins over `q` for quit
/// (Ctrl-C still quits). Only printable characters work (`"n"`, `"+"`), not `.return` or the
/// arrows, which move the cursor. It goes on the control itself (a button, a toggle…), not on a
/// stack around one. Drawn unchanged; no part of identity.
struct KeyboardShortcutModifier: AttachedModifier {
    let key: KeyEquivalent
}

extension View {
    /// Typing `key` activates this control (see `KeyboardShortcutModifier`); `modifiers` are
    /// accepted and not required.
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> ModifiedView<Self> {
        modifier(KeyboardShortcutModifier(key: key))
    }
}

extension ControlHandle {
    /// The character of the control's `.keyboardShortcut`, if it has one.
    public var keyboardShortcut: Character? {
        node.modifiers.lazy.compactMap { ($0 as? KeyboardShortcutModifier)?.key.character }.first
    }
}
