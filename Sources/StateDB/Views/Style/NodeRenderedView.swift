/// A primitive whose drawing needs its mounted children themselves, not only their lines (a
/// `Picker` shows the label of the child tagged with its selection).
@MainActor
protocol NodeRenderedView: PrimitiveView {
    func renderLines(of node: ViewNode, in host: ViewHost) -> [String]
}
