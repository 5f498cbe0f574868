/// A path whose values are all `Codable` is stored as any `@State` value is: a stack bound to
/// `@State private var path = NavigationPath()` reopens on its screens after a restart.
///
/// Each value is stored with its type, as JSON an operator can read and edit
/// (`statedb get`, `statedb set`):
///
/// ```json
/// [{"mangledName":"Si","type":"Swift.Int","value":2},
///  {"mangledName":"5Notes4NoteV","type":"Notes.Note","value":{"id":3}}]
/// ```
///
/// `mangledName` finds the type again when the path is read back (`type` is for people, and
/// finds the standard library's types too). So a value's type must be one the run-time can
/// find by name: a `private`, `fileprivate` or local type is named by its place in memory,
/// which the next run does not share, and a path holding one is refused as one holding a value
/// that is not `Codable` (make the type internal). A value of a type the app no longer has
/// (renamed, moved to another module) cannot be read back: the stored path is quarantined, as
/// any value that no longer decodes, and the stack opens on its root.
extension NavigationPath: Codable {
    /// Reads a path written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        self.init(try CodableRepresentation(from: decoder))
    }

    /// Writes the path's values, bottom first, each with its type; throws
    /// `EncodingError.invalidValue` when a value is not `Codable` (the slot then stays in
    /// memory only, and the store reports it).
    public func encode(to encoder: any Encoder) throws {
        try CodableRepresentation(checked: elements).encode(to: encoder)
    }

    /// The path in a form that can be encoded, as in SwiftUI; nil when one of its values is
    /// not `Codable`.
    public var codable: CodableRepresentation? {
        guard elements.allSatisfy({ $0.base is any Codable }) else { return nil }
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
        /// Every value, bottom first; each one `Codable`.
        fileprivate let elements: [AnyHashable]

        fileprivate init(elements: [AnyHashable]) {
            self.elements = elements
        }

        /// `elements`, or the error that names the first value that could not be read back:
        /// one that is not `Codable`, or whose type cannot be found by name.
        fileprivate init(checked elements: [AnyHashable]) throws {
            for (index, element) in elements.enumerated() {
                let type = Swift.type(of: element.base)
                let problem: String
                if !(element.base is any Codable) {
                    problem = "is not Codable; make \(type) Codable to store the path"
                } else if !Self.isFoundByName(type) {
                    problem = "is private or local, and could not be found by name when the path is read back; make \(type) internal or public to store the path"
                } else {
                    continue
                }
                throw EncodingError.invalidValue(element.base, EncodingError.Context(
                    codingPath: [], debugDescription: "the NavigationPath's value at \(index), of type \(type), \(problem)"))
            }
            self.elements = elements
        }

        /// Whether `type`'s mangled name finds it again. A private or local type's name holds
        /// an address of this run's (`$55b0…`), which the next run cannot resolve.
        private static func isFoundByName(_ type: Any.Type) -> Bool {
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
                let name = try element.decode(String.self, forKey: .type)
                let mangledName = try element.decodeIfPresent(String.self, forKey: .mangledName)
                guard let type = mangledName.flatMap(_typeByName) ?? _typeByName(name) else {
                    throw DecodingError.dataCorruptedError(forKey: .type, in: element, debugDescription:
                        "this build has no type \(name) (was it renamed or moved?); the path cannot be read back")
                }
                guard let decodable = type as? any (Decodable & Hashable).Type else {
                    throw DecodingError.dataCorruptedError(forKey: .type, in: element, debugDescription:
                        "\(name) is not Decodable and Hashable in this build; the path cannot be read back")
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
                let value = element.base
                guard let encodable = value as? any Encodable else {
                    throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: list.codingPath, debugDescription: "\(Swift.type(of: value)) is not Encodable"))
                }
                var fields = list.nestedContainer(keyedBy: ElementKey.self)
                let type = Swift.type(of: value)
                try fields.encode(_typeName(type, qualified: true), forKey: .type)
                if let mangledName = _mangledTypeName(type) { try fields.encode(mangledName, forKey: .mangledName) }
                try fields.encode(encodable, forKey: .value)
            }
        }
    }
}
