/// Bindings into the properties of an `@Observable` model, as in SwiftUI: `$model.count` is a
/// `Binding<Int>` that reads and writes `model.count`, to hand to a child's `@Binding` or to a
/// `Toggle`/`TextField`.
///
/// ```swift
/// @Observable final class Profile { var name = ""; var isPublic = false }
///
/// struct ProfileEditor: View {
///     @Bindable var profile: Profile
///     var body: some View {
///         TextField("Name", text: $profile.name)     // or any child taking @Binding var
///         Toggle("Public", isOn: $profile.isPublic)
///     }
/// }
/// ```
///
/// `Bindable(model).count` does the same inline, for a model that is a plain `let` or a
/// parameter. A `@State var model` of an observable class gives bindings directly:
/// `$model.count`.
///
/// A `Bindable` holds the model itself, nothing of the store: writing through its bindings
/// changes the model, whose readers re-run through their own tracking, and a `Codable` model
/// held in a `@State` is stored again at the next commit.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
    /// The model.
    public var wrappedValue: Value

    /// The `Bindable` itself, so `$model.count` gives a binding.
    public var projectedValue: Bindable<Value> { self }

    /// Bindings into `wrappedValue`'s properties.
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Bindings into `wrappedValue`'s properties, inline: `Bindable(model).count`.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Takes a `Bindable` as is: lets `@Bindable var model: Model` be initialised with `$model`.
    public init(projectedValue: Bindable<Value>) {
        self = projectedValue
    }

    /// A binding to one property of the model.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        Binding(location: ReferenceKeyPathLocation(root: wrappedValue, keyPath: keyPath))
    }
}

extension Bindable: Identifiable where Value: Identifiable {
    /// The model's id.
    public var id: Value.ID { wrappedValue.id }
}

extension Bindable: Sendable where Value: Sendable {}
