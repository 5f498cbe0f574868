/// A sheet while presented (`.sheet`): its content is drawn in place of the view it is
/// attached to, which stays mounted, hidden, with its state. While it shows, only its controls
/// can be used. `dismiss()` (`@Environment(\.dismiss)`) inside it closes it, as setting the
/// binding to false does; the `onDismiss` action runs when it closes, either way.
///
/// Identity: `PresentedSheet` beside the view it is attached to, the content under its
/// `SheetContent` (`Screen/PresentedSheet/SheetContent/EditForm`); a sheet of an item has the
/// item's id on its content (`…/SheetContent/EditForm[.id: 42]`), so another item's sheet
/// starts afresh.
public struct PresentedSheet<Content: View>: View, ModalPresentation, CoversContent, PresentedBesideView {
    let content: Content
    let closeAction: () -> Void
    let onDismiss: (() -> Void)?

    var closesAfterAnyButton: Bool { false }

    func close() { closeAction() }

    public var body: some View {
        let target = DismissTarget()
        let close = closeAction
        target.handler = { close() }
        // One node around the content, so `onDismiss` runs once, when the sheet goes, however
        // many views the content has and whichever branch of it shows.
        return SheetContent(content: content)
            .attaching(.environment([EnvironmentWrite(id: EnvironmentID(key: DismissKey.self), value: Optional(DismissAction(target: target)) as Any)]))
            .onDisappear { onDismiss?() }
    }
}

/// A sheet's content, one node for as long as the sheet shows.
public struct SheetContent<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let content: Content
}

extension View {
    /// Shows the view `content` builds in place of this one while `isPresented` is true (see
    /// `PresentedSheet`); `onDismiss` runs when it closes.
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: () -> Content) -> PresentingView<Self, PresentedSheet<Content>> {
        let shown = isPresented.wrappedValue  // read in the body: it re-runs when this changes
        let sheet = shown ? PresentedSheet(content: content(), closeAction: { isPresented.wrappedValue = false }, onDismiss: onDismiss) : nil
        return PresentingView(content: self, presented: sheet)
    }

    /// Shows the view `content` builds for `item` in place of this one while `item` is not
    /// nil; setting it to another item shows that item's sheet, its state afresh.
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: (Item) -> Content) -> PresentingView<Self, PresentedSheet<IDView<Content, Item.ID>>> {
        let sheet = item.wrappedValue.map { shown in
            PresentedSheet(content: content(shown).id(shown.id), closeAction: { item.wrappedValue = nil }, onDismiss: onDismiss)
        }
        return PresentingView(content: self, presented: sheet)
    }
}

extension View {
    /// `.sheet(isPresented:onDismiss:content:)`: a terminal has one size of screen, so a cover
    /// that fills it is a sheet.
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: () -> Content) -> PresentingView<Self, PresentedSheet<Content>> {
        sheet(isPresented: isPresented, onDismiss: onDismiss, content: content)
    }

    /// `.sheet(item:onDismiss:content:)`, for a cover that fills the screen.
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: (Item) -> Content) -> PresentingView<Self, PresentedSheet<IDView<Content, Item.ID>>> {
        sheet(item: item, onDismiss: onDismiss, content: content)
    }

    /// `.sheet(isPresented:content:)`: a terminal cannot float a bubble over the view, so a
    /// popover shows as a sheet. `arrowEdge` changes nothing.
    public func popover<Content: View>(isPresented: Binding<Bool>, arrowEdge: Edge? = nil, @ViewBuilder content: () -> Content) -> PresentingView<Self, PresentedSheet<Content>> {
        sheet(isPresented: isPresented, content: content)
    }

    /// `.sheet(item:content:)`, for a popover of an item.
    public func popover<Item: Identifiable, Content: View>(item: Binding<Item?>, arrowEdge: Edge? = nil, @ViewBuilder content: (Item) -> Content) -> PresentingView<Self, PresentedSheet<IDView<Content, Item.ID>>> {
        sheet(item: item, content: content)
    }
}
