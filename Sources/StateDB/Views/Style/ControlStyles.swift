// The style modifiers of SwiftUI's controls, which ordinary screens use all the time:
// `.pickerStyle(.segmented)`, `.toggleStyle(.switch)`, `.textFieldStyle(.roundedBorder)`,
// `.buttonStyle(.borderedProminent)`, `.listStyle(.plain)`, `.labelsHidden()`. A terminal has
// one way to draw each control, so they compile and change nothing: the view is returned as
// it is (no modifier is attached, identity and rendering are untouched). Custom styles
// (`ButtonStyle.makeBody(configuration:)` and the like) are not supported.

// MARK: - Pickers

/// How a `Picker` is drawn in SwiftUI; here every picker is `Title: < Option >`.
public protocol PickerStyle {}
public struct DefaultPickerStyle: PickerStyle { public init() {} }
public struct MenuPickerStyle: PickerStyle { public init() {} }
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
public struct InlinePickerStyle: PickerStyle { public init() {} }
public struct WheelPickerStyle: PickerStyle { public init() {} }
public struct PalettePickerStyle: PickerStyle { public init() {} }
public struct NavigationLinkPickerStyle: PickerStyle { public init() {} }
public struct RadioGroupPickerStyle: PickerStyle { public init() {} }

extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: Self { .init() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: Self { .init() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: Self { .init() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: Self { .init() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: Self { .init() } }
extension PickerStyle where Self == PalettePickerStyle { public static var palette: Self { .init() } }
extension PickerStyle where Self == NavigationLinkPickerStyle { public static var navigationLink: Self { .init() } }
extension PickerStyle where Self == RadioGroupPickerStyle { public static var radioGroup: Self { .init() } }

// MARK: - Toggles

/// How a `Toggle` is drawn in SwiftUI; here every toggle is `[x] Title`.
/// The size of controls, as in SwiftUI (`.controlSize(.large)`); a terminal has one.
public enum ControlSize: Sendable, Hashable, CaseIterable { case mini, small, regular, large, extraLarge }

public protocol LabelStyle {}
public struct DefaultLabelStyle: LabelStyle { public init() {} }
public struct TitleAndIconLabelStyle: LabelStyle { public init() {} }
public struct TitleOnlyLabelStyle: LabelStyle { public init() {} }
public struct IconOnlyLabelStyle: LabelStyle { public init() {} }

extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: Self { .init() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: Self { .init() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: Self { .init() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: Self { .init() } }

public protocol ToggleStyle {}
public struct DefaultToggleStyle: ToggleStyle { public init() {} }
public struct SwitchToggleStyle: ToggleStyle { public init() {} }
public struct ButtonToggleStyle: ToggleStyle { public init() {} }
public struct CheckboxToggleStyle: ToggleStyle { public init() {} }

extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: Self { .init() } }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: Self { .init() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: Self { .init() } }
extension ToggleStyle where Self == CheckboxToggleStyle { public static var checkbox: Self { .init() } }

// MARK: - Text fields

/// How a `TextField` is drawn in SwiftUI; here every field is `Title: [text]`.
public protocol TextFieldStyle {}
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
public struct SquareBorderTextFieldStyle: TextFieldStyle { public init() {} }

extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: Self { .init() } }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: Self { .init() } }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: Self { .init() } }
extension TextFieldStyle where Self == SquareBorderTextFieldStyle { public static var squareBorder: Self { .init() } }

// MARK: - Buttons

/// How a `Button` is drawn in SwiftUI (`.bordered`, `.borderedProminent`…); here every
/// button is `[ Title ]`.
public protocol PrimitiveButtonStyle {}
/// SwiftUI's other kind of button style (`.plain`).
public protocol ButtonStyle {}
public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct LinkButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: ButtonStyle { public init() {} }

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: Self { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: Self { .init() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle { public static var borderedProminent: Self { .init() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: Self { .init() } }
extension PrimitiveButtonStyle where Self == LinkButtonStyle { public static var link: Self { .init() } }
extension ButtonStyle where Self == PlainButtonStyle { public static var plain: Self { .init() } }

// MARK: - Lists

/// How a `List` is drawn in SwiftUI; here every list is its rows below each other.
public protocol ListStyle {}
public struct DefaultListStyle: ListStyle { public init() {} }
public struct PlainListStyle: ListStyle { public init() {} }
public struct GroupedListStyle: ListStyle { public init() {} }
public struct InsetListStyle: ListStyle { public init() {} }
public struct InsetGroupedListStyle: ListStyle { public init() {} }
public struct SidebarListStyle: ListStyle { public init() {} }

extension ListStyle where Self == DefaultListStyle { public static var automatic: Self { .init() } }
extension ListStyle where Self == PlainListStyle { public static var plain: Self { .init() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: Self { .init() } }
extension ListStyle where Self == InsetListStyle { public static var inset: Self { .init() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: Self { .init() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: Self { .init() } }

// MARK: - Modifiers

extension View {
    /// Accepted and ignored: a terminal draws every picker one way.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: a terminal draws every toggle one way.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: a terminal's controls have one size, a line of text.
    public func controlSize(_ controlSize: ControlSize) -> Self { self }

    /// Accepted and ignored: a label is drawn as its title (its image is not drawn), whatever
    /// the style.
    public func labelStyle<S: LabelStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: a terminal draws every text field one way.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: a terminal draws every button one way.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: a terminal draws every button one way.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: a terminal draws every list one way.
    public func listStyle<S: ListStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: the labels of the controls inside are still drawn, since in a
    /// terminal a control without its title could not be told from the others (nor found by
    /// the test driver).
    public func labelsHidden() -> Self { self }
}
