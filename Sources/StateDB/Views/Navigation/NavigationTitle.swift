/// `.navigationTitle(_:)`: the screen's title, drawn bold on the line above the view it is
/// attached to (in SwiftUI the enclosing `NavigationStack` shows it at the top of the screen,
/// which is where the stack's content starts). It adds nothing to identity.
struct NavigationTitleModifier: AttachedModifier {
    let title: [String]

    /// Once, above all the content draws: a search field before the view included.
    var appliesToFirstViewOnly: Bool { true }

    func renderLines(_ lines: [String]) -> [String] {
        TextStyle.wrap(title, on: TextRun.Style.bold.on, off: TextRun.Style.bold.off) + lines
    }
}

/// How a navigation bar shows its title, as in SwiftUI. A terminal has no bar: every mode
/// draws the title the same way.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable, Hashable {
        case automatic, inline, large
    }
}

extension View {
    /// The screen's title (see `NavigationTitleModifier`): `List { … }.navigationTitle("Notes")`.
    public func navigationTitle(_ title: Text) -> ModifiedView<Self> {
        modifier(NavigationTitleModifier(title: title.renderLines(children: [])))
    }

    /// The screen's title, from a string literal (with interpolations).
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> ModifiedView<Self> {
        navigationTitle(Text(titleKey))
    }

    /// The screen's title, from any string.
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> ModifiedView<Self> {
        navigationTitle(Text(String(title)))
    }

    /// Compiles and changes nothing: a terminal has no navigation bar, so the title is drawn
    /// one way whatever the mode.
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> Self {
        self
    }

    /// Compiles and changes nothing: the `[ Back ]` button of a `NavigationStack` is always
    /// drawn above a destination (it is how the terminal goes back).
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> Self {
        self
    }
}
