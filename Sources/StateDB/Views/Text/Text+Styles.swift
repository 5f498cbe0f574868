// A `Text`'s own style modifiers return a `Text`, as SwiftUI's do, so that styled texts can be
// concatenated (`Text("a").bold() + Text("b")`) and passed where a `Text` is asked for (a
// `Toggle`'s or a `Picker`'s label). On other views the `View` modifiers of the same names
// apply (`Color.swift`); drawn, both are the same SGR sequences.

extension Text {
    /// This text bold in the terminal (`isActive: false`: as it is).
    public func bold(_ isActive: Bool = true) -> Text {
        adding(isActive ? .bold : .none)
    }

    /// This text in italics in the terminal (`isActive: false`: as it is).
    public func italic(_ isActive: Bool = true) -> Text {
        adding(isActive ? .italic : .none)
    }

    /// This text underlined in the terminal; a `color` is accepted and not drawn (a terminal
    /// underlines in the text's colour).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        adding(isActive ? .underline : .none)
    }

    /// This text struck through in the terminal; a `color` is accepted and not drawn.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        adding(isActive ? .strikethrough : .none)
    }

    /// This text in `color` in the terminal (nil: the terminal's colour).
    public func foregroundColor(_ color: Color?) -> Text {
        adding(.foreground(color ?? .primary))
    }

    /// This text in `style` (a `Color`, `.secondary`…) in the terminal.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        adding(.foreground(.of(style)))
    }
}
