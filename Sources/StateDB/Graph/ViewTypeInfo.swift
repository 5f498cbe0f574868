@_spi(Reflection) import Swift
import Foundation

/// What the graph needs to know about a view type, worked out once per type: its name, its
/// slot fields (`@State`, `@NonState`), how to tell whether two values of it are the same
/// input, and the positions of its blocks (`BlockShape`). Walking `Mirror` on every evaluation would dominate big trees; this table is built
/// from the field offsets the runtime reports.
///
/// `@unchecked Sendable`: every field is set in `init` and never changed; the metatypes and
/// closures it keeps are not `Sendable` types only because `View` is not.
final class ViewTypeInfo: @unchecked Sendable {
    struct SlotField {
        /// The property name as the user wrote it (`count` for `@State var count`).
        let name: String
        let offset: Int
        let type: any SlotProperty.Type
        /// `type.makeSlotTypes()`, kept for every mount of a view of this type.
        let slotTypes: AnySlotTypes
        /// `type.sharesSlotByKey`, read at every attach.
        let sharesSlotByKey: Bool
    }

    /// A stored `@Environment` property: bound to the view's environment before its body runs.
    struct EnvironmentField {
        let offset: Int
        let type: any EnvironmentProperty.Type
    }

    let type: any View.Type
    let segmentName: String
    /// Body is `Never`: a primitive or a body-less view.
    let hasNoBody: Bool
    let slotFields: [SlotField]
    /// One of the slot fields is a `@FocusState`: its host keeps focus values in step.
    let hasFocusState: Bool
    let environmentFields: [EnvironmentField]
    /// Compares two values of the type; nil when they always count as changed.
    let sameInputs: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    /// Adds a value's children when the type is a `PrimitiveView`; nil otherwise. Found once
    /// per type: an `as? PrimitiveView` cast per evaluation cost more than evaluating a `Text`.
    let addPrimitiveChildren: (@MainActor (any View, inout ChildList) -> Void)?
    /// Adds a value's content when the type is a `StructuralView`; nil otherwise.
    let addStructuralChildren: (@MainActor (any View, inout ChildList, Int, BlockContext) -> Void)?
    /// The positions a block of this type has (one, for a view that is not structure).
    let shape: BlockShape
    /// `shape.positions.count`, read for every child added.
    let positionCount: Int
    /// Where the children of a view of this type come from, as far as the type tells.
    let contentBlocks: [ContentBlock]
    /// A primitive with no children, no slots and no environment (`Text`, `Spacer`, a
    /// `TextField`): evaluating one reads nothing and adds nothing, so the host skips the
    /// tracking an evaluation sets up (Observation's, the read recorder's, a child list).
    let isLeaf: Bool

    private static let table = Locked<[ObjectIdentifier: ViewTypeInfo]>([:])

    static func of<V: View>(_ type: V.Type) -> ViewTypeInfo {
        let id = ObjectIdentifier(type)
        if let info = table.withLock({ $0[id] }) { return info }
        let info = ViewTypeInfo(type)
        // Exactly one table per type, even when two threads build one at once: the graph tells
        // types apart by comparing their tables.
        return table.withLock { table in
            if let existing = table[id] { return existing }
            table[id] = info
            return info
        }
    }

    private init<V: View>(_ type: V.Type) {
        self.type = type
        segmentName = IdentityEncoding.segmentName(of: type)
        hasNoBody = V.Body.self == Never.self
        var slotFields: [SlotField] = []
        var environmentFields: [EnvironmentField] = []
        func record(name: UnsafePointer<CChar>, offset: Int, fieldType: Any.Type) {
            if let environmentType = fieldType as? any EnvironmentProperty.Type {
                environmentFields.append(EnvironmentField(offset: offset, type: environmentType))
            }
            if let slotType = fieldType as? any SlotProperty.Type {
                var label = String(cString: name)
                if label.hasPrefix("_") { label.removeFirst() }
                slotFields.append(SlotField(name: label, offset: offset, type: slotType, slotTypes: slotType.makeSlotTypes(),
                                            sharesSlotByKey: slotType.sharesSlotByKey))
            }
        }
        // A custom modifier's properties are its modified view's (`ModifiedContent`): they sit
        // inside the view's `modifier` field, at that field's offset plus their own. Only a
        // struct's fields are inline; a class modifier's would be behind a reference.
        let modifierType = (type as? any ModifierBodyView.Type)?.modifierType
        _forEachField(of: type, options: fieldOptions) { name, offset, fieldType, fieldKind in
            record(name: name, offset: offset, fieldType: fieldType)
            if let modifierType, fieldKind == .struct, fieldType == modifierType, String(cString: name) == "modifier" {
                _ = _forEachField(of: modifierType, options: fieldOptions) { name, inner, fieldType, _ in
                    record(name: name, offset: offset + inner, fieldType: fieldType)
                    return true
                }
            }
            return true
        }
        self.slotFields = slotFields
        hasFocusState = slotFields.contains { $0.type is any FocusStateMarker.Type }
        self.environmentFields = environmentFields
        if let equatable = type as? any Equatable.Type {
            sameInputs = InputComparison.equatableComparator(equatable)
        } else {
            sameInputs = InputComparison.comparator(for: type)
        }
        if let primitive = type as? any PrimitiveView.Type {
            addPrimitiveChildren = Self.primitiveChildren(primitive)
        } else {
            addPrimitiveChildren = nil
        }
        if let structural = type as? any StructuralView.Type {
            addStructuralChildren = Self.structuralChildren(structural)
        } else {
            addStructuralChildren = nil
        }
        shape = BlockShape.of(type)
        positionCount = shape.positions.count
        if let primitive = type as? any PrimitiveView.Type {
            contentBlocks = primitive.contentBlocks
        } else if hasNoBody {
            contentBlocks = []
        } else {
            contentBlocks = [.block(V.Body.self)]
        }
        isLeaf = addPrimitiveChildren != nil && contentBlocks.isEmpty && slotFields.isEmpty && environmentFields.isEmpty
    }

    // The values passed in are of type P (the info's own type), so the casts always succeed.

    private static func primitiveChildren<P: PrimitiveView>(_: P.Type) -> @MainActor (any View, inout ChildList) -> Void {
        { @MainActor view, list in (view as! P).addChildren(to: &list) }
    }

    private static func structuralChildren<S: StructuralView>(_: S.Type) -> @MainActor (any View, inout ChildList, Int, BlockContext) -> Void {
        { @MainActor view, list, position, block in (view as! S).addChildren(to: &list, position: position, in: block) }
    }
}

/// Decides whether a re-created view struct carries the same inputs as the previous one, as
/// SwiftUI does: `==` for Equatable views; otherwise field by field — bitwise for plain data,
/// identity for class references, `==` for Equatable fields, the same slot for bindings;
/// closures always count as changed; `@State`/`@NonState` and `@Environment` fields are left out
/// (a fresh struct carries fresh storage for the same slot or value).
enum InputComparison {
    typealias Comparator = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

    /// A comparator for values of `type`, whose metadata kind is `kind`.
    static func comparator<T>(for type: T.Type, kind: _MetadataKind = .struct) -> Comparator {
        if type is any SlotProperty.Type { return { _, _ in true } }
        // A fresh struct carries a fresh box; the environment's changes re-run readers directly.
        if type is any EnvironmentProperty.Type { return { _, _ in true } }
        if let reference = type as? any SlotReferenceProperty.Type { return slotReferenceComparator(reference) }
        switch kind {
        case .function:
            return { _, _ in false }
        case .class:
            return { lhs, rhs in lhs.load(as: UnsafeRawPointer.self) == rhs.load(as: UnsafeRawPointer.self) }
        default:
            break
        }
        if _isPOD(type) {
            let size = MemoryLayout<T>.size
            return { lhs, rhs in memcmp(lhs, rhs, size) == 0 }
        }
        if let equatable = type as? any Equatable.Type { return equatableComparator(equatable) }
        guard kind == .struct else { return { _, _ in false } }
        var fields: [(offset: Int, compare: Comparator)] = []
        let walked = _forEachField(of: type, options: fieldOptions) { _, offset, fieldType, fieldKind in
            func open<F>(_ fieldType: F.Type) -> Comparator { comparator(for: fieldType, kind: fieldKind) }
            fields.append((offset, open(fieldType)))
            return true
        }
        guard walked else { return { _, _ in false } }
        return { lhs, rhs in
            for field in fields where !field.compare(lhs + field.offset, rhs + field.offset) { return false }
            return true
        }
    }

    private static func slotReferenceComparator<R: SlotReferenceProperty>(_ type: R.Type) -> Comparator {
        { lhs, rhs in
            lhs.assumingMemoryBound(to: R.self).pointee.refersToSamePlace(as: rhs.assumingMemoryBound(to: R.self).pointee)
        }
    }

    static func equatableComparator<E: Equatable>(_ type: E.Type) -> Comparator {
        { lhs, rhs in lhs.assumingMemoryBound(to: E.self).pointee == rhs.assumingMemoryBound(to: E.self).pointee }
    }
}

/// `_EachFieldOptions.ignoreUnknown`: skip fields whose type the runtime cannot describe.
private let fieldOptions = _EachFieldOptions(rawValue: 1 << 1)
