/// Lets generic code see through `Optional` at run time: whether a value is `nil`, what it
/// wraps, and how to make one.
protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    static var nilValue: Self { get }
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static var nilValue: Self { nil }
    var wrappedAny: Any? { self.map { $0 as Any } }
}
