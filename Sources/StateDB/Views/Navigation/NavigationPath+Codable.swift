/// A path is stored as any `@State` value is: a stack bound to `@State private var path =
/// NavigationPath()` reopens on its screens after a restart.
///
/// Each value is stored with its type, as JSON an operator can read and edit
/// (`statedb get`, `statedb set`):
///
/// ```json
/// [{"mangledName":"Si","type":"Swift.Int","value":2},
///  {"mangledName":"5Notes4NoteV","type":"Notes.Note","value":{"id":3}}]
/// ```
///
/// `mangledName` finds the type again when the path is read back; `type` is for people (and
/// finds the standard library's types when `mangledName` is missing). So a value can be stored
/// when it is `Codable` and its type is one the run-time finds by name: not a `private`,
/// `fileprivate` or local type, which is named by its place in memory, and the next run does
/// not share that.
///
/// A path is stored up to its first value that cannot be: after a restart the stack opens on
/// the screens below it, never on screens the user had already left. A value of a type the app
/// no longer has (renamed, moved to another module) cannot be read back: the stored path is
/// quarantined, as any value that no longer decodes, and the stack opens on its root.
extension NavigationPath: Codable {
    /// Reads a path written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        self.init(try CodableRepresentation(from: decoder))
    }

    /// Writes the path's values, bottom first, each with its type, up to the first value that
    /// cannot be stored (see above); `codable` tells whether that is all of them.
    public func encode(to encoder: any Encoder) throws {
        let storable = elements.prefix { CodableRepresentation.canStore($0) }
        try CodableRepresentation(elements: Array(storable)).encode(to: encoder)
    }

    /// The path in a form that can be encoded, as in SwiftUI; nil when one of its values
    /// cannot be stored (it is not `Codable`, or its type is private or local).
    public var codable: CodableRepresentation? {
        guard elements.allSatisfy(CodableRepresentation.canStore) else { return nil }
        return CodableRepresentation(elements: elements)
    }

    /// The path `codable` holds.
    public init(_ codable: CodableRepresentation) {
        self.init()
        elements = codable.elements
    }

    /// A path's values in a form that can be encoded and decoded (`path.codable`), to store
    /// it where the app chooses, as in SwiftUI. A `NavigationPath` is itself `Codable` here,
    /// so a path in `@State` needs none of this.
    public struct CodableRepresentation: Codable, Equatable {
        /// Every value, bottom first; each one `canStore`.
        fileprivate let elements: [AnyHashable]

        fileprivate init(elements: [AnyHashable]) {
            self.elements = elements
        }

        /// Whether `element` can be written and read back by another run: it is `Codable`,
        /// and its type's mangled name finds it again (a private or local type's holds an
        /// address of this run's, `$55b0…`).
        fileprivate static func canStore(_ element: AnyHashable) -> Bool {
            guard element.base is any Codable else { return false }
            let type = Swift.type(of: element.base)
            guard let mangledName = _mangledTypeName(type), !mangledName.contains("$") else { return false }
            return _typeByName(mangledName) == type
        }

        private enum ElementKey: String, CodingKey {
            case type, mangledName, value
        }

        public init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            var elements: [AnyHashable] = []
            while !list.isAtEnd {
                let element = try list.nestedContainer(keyedBy: ElementKey.self)
                let name = try element.decodeIfPresent(String.self, forKey: .type)
                let mangledName = try element.decodeIfPresent(String.self, forKey: .mangledName)
                guard let described = name ?? mangledName else {
                    throw DecodingError.dataCorruptedError(forKey: .type, in: element, debugDescription:
                        "a value of the path has neither a type nor a mangledName; the path cannot be read back")
                }
                guard let type = mangledName.flatMap(_typeByName) ?? name.flatMap(_typeByName) else {
                    throw DecodingError.dataCorruptedError(forKey: .type, in: element, debugDescription:
                        "this build has no type \(described) (was it renamed or moved?); the path cannot be read back")
                }
                guard let decodable = type as? any (Decodable & Hashable).Type else {
                    throw DecodingError.dataCorruptedError(forKey: .type, in: element, debugDescription:
                        "\(described) is not Decodable and Hashable in this build; the path cannot be read back")
                }
                elements.append(try Self.decodeValue(decodable, from: element))
            }
            self.elements = elements
        }

        private static func decodeValue<Value: Decodable & Hashable>(_ type: Value.Type, from element: KeyedDecodingContainer<ElementKey>) throws -> AnyHashable {
            AnyHashable(try element.decode(Value.self, forKey: .value))
        }

        public func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            for element in elements {
                // `elements` are all `canStore`: the cast holds.
                guard let value = element.base as? any Encodable else { continue }
                var fields = list.nestedContainer(keyedBy: ElementKey.self)
                let type = Swift.type(of: element.base)
                try fields.encode(_typeName(type, qualified: true), forKey: .type)
                if let mangledName = _mangledTypeName(type) { try fields.encode(mangledName, forKey: .mangledName) }
                try fields.encode(value, forKey: .value)
            }
        }
    }
}
