import Foundation

/// A view per element of a collection, each identified by its element's id: state follows
/// the id across reordering, insertion and removal (`ForEach[0]/Row[id: 42]`), and an
/// element that goes away ends its views' state.
///
/// ```swift
/// ForEach(items) { item in Row(item: item) }               // Identifiable elements
/// ForEach(names, id: \.self) { name in Text(name) }
/// ForEach(0..<3) { index in Text("Row \(index)") }
/// ForEach($items) { $item in Toggle(item.title, isOn: $item.done) }
/// ForEach($tags, id: \.self) { $tag in TextField("Tag", text: $tag) }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView, LayoutTransparentView {
    public typealias Body = Never
    /// The collection the views are made from.
    public let data: Data
    /// Calls its argument with each element's id and view, in order. A visitor rather than
    /// an array of `(id, view)` pairs: the tuple type of a generic pair was looked up at run
    /// time once per element.
    @usableFromInline let forEachElement: (_ visit: (ID, Content) -> Void) -> Void
    /// Calls its argument with each element's id, in order, without building its view (a
    /// selectable list reads the ids of its rows at each tap and draw).
    @usableFromInline let forEachID: (_ visit: (ID) -> Void) -> Void
    /// The ids are distinct by construction (the integers of a range), so the elements'
    /// segments are too and the host need not compare them (`ChildList.separateDuplicates`,
    /// ~3% of mounting a list of 10,000 rows).
    @usableFromInline let idsAreDistinct: Bool

    /// One view per element, identified by the element's `id` key path.
    ///
    /// Inlinable, so the loop over the elements is compiled for the app's collection and
    /// view types: compiled generically, it looked up run-time type metadata for every element.
    @inlinable
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        // `ForEach(items.indices, id: \.self)`, `ForEach(1...n, id: \.self)`: a range's
        // integers, each its own id.
        let isRange = Data.self == Range<Int>.self || Data.self == ClosedRange<Int>.self
        let idsAreDistinct = isRange && (id as AnyKeyPath) == (\Int.self as AnyKeyPath)
        self.init(data, idOf: { $0[keyPath: id] }, idsAreDistinct: idsAreDistinct, content: content)
    }

    /// One view per element, identified by `idOf(element)`. The initializers whose id is
    /// `\.self` or `\.id` pass a closure: a key path is applied through the runtime's generic
    /// projection, ~800 instructions per element.
    @inlinable
    init(_ data: Data, idOf: @escaping (Data.Element) -> ID, idsAreDistinct: Bool = false,
         content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.idsAreDistinct = idsAreDistinct
        forEachElement = { visit in
            for element in data { visit(idOf(element), content(element)) }
        }
        forEachID = { visit in
            for element in data { visit(idOf(element)) }
        }
    }

    func addChildren(to list: inout ChildList) {
        let startedEmpty = list.elements.isEmpty
        forEachElement { id, content in
            list.addBlock(content, prefix: IdentityEncoding.idQualifier(id))
        }
        // Every view of an element has its id in its segment (`[id: 42]`), and the views of one
        // element fill distinct positions: distinct ids make distinct segments. (Only when the
        // list is the ForEach's own: the note vouches for every element in it.)
        if idsAreDistinct && startedEmpty { list.noteSegmentsAreDistinct() }
        if ID.self == ObjectIdentifier.self { list.noteIDsNameObjects() }
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.elements(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// One view per element of a collection of `Identifiable` values.
    @inlinable
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, idOf: { $0.id }, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// One view per integer of a constant range, identified by the integer.
    @inlinable
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, idOf: { $0 }, idsAreDistinct: true, content: content)
    }
}

extension ForEach {
    /// One view per element of a bound collection, each given a binding to its element.
    /// The element bindings follow the element's id, not its index: after a reorder or a
    /// removal a write still reaches the right element, or is dropped if it is gone.
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>,
        @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where C.Element: Identifiable, ID == C.Element.ID, Data == [C.Element] {
        self.init(data, id: \C.Element.id, content: content)
    }
}

extension ForEach {
    /// One view per element of a bound collection, identified by the element's `id` key
    /// path, each given a binding to its element: `ForEach($tags, id: \.self) { $tag in
    /// TextField("Tag", text: $tag) }`.
    ///
    /// The element bindings follow the element's id, and, when a write changes it (with
    /// `\.self`, every write does), the element under its new id. As in SwiftUI, a view whose
    /// id changes is a new view: editing an element identified by `\.self` gives its row a
    /// new identity (its state starts afresh). Prefer a stable id where rows hold state.
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>,
        @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == [C.Element] {
        self.data = data.wrappedValue.map { $0 }
        idsAreDistinct = false
        forEachElement = { visit in
            let elements = data.wrappedValue
            for index in elements.indices {
                let element = elements[index]
                let binding = Binding(location: KeyPathElementLocation(collection: data.location, id: id, index: index, current: element))
                visit(element[keyPath: id], content(binding))
            }
        }
        forEachID = { visit in
            for element in data.wrappedValue { visit(element[keyPath: id]) }
        }
    }
}
