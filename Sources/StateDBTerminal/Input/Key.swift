/// A key press, decoded from the bytes a terminal in raw mode sends.
public enum Key: Equatable, Sendable {
    /// A printable character (space included).
    case character(Character)
    case enter, tab, backTab, backspace, escape
    case up, down, left, right
    /// Ctrl-← / Alt-← (or Alt-B) and Ctrl-→ / Alt-→ (or Alt-F): a word back and on.
    case wordLeft, wordRight
    case home, end, pageUp, pageDown
    /// The Delete key (forward delete).
    case delete
    /// Ctrl plus a letter, as the lowercase letter (`.control("c")` for Ctrl-C).
    case control(Character)
    /// Text the user pasted (bracketed paste): inserted as text, never read as keys.
    case paste(String)
}
