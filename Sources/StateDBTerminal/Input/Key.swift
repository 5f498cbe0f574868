/// A key press, decoded from the bytes a terminal in raw mode sends.
public enum Key: Equatable, Sendable {
    /// A printable character (space included).
    case character(Character)
    case enter, tab, backTab, backspace, escape
    case up, down, left, right
    /// Ctrl plus a letter, as the lowercase letter (`.control("c")` for Ctrl-C).
    case control(Character)
}
