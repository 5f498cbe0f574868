import Foundation

/// Locks for the little state bindings keep beside the store: the last value of an unwrapped
/// or element binding, a `@State`'s value before the host attaches it to its slot, and that
/// attachment. Bindings and `@State` wrappers are made by the thousand (one per element of a
/// `ForEach`, one per view struct), so each takes a lock from a fixed pool, by address, rather
/// than allocating one.
///
/// Only copies and swaps happen under these locks (an old value is released after the lock, a
/// `change` runs outside it), so two objects sharing a lock can never deadlock each other, and
/// no code of the app ever runs under one.
enum SideLocks {
    private static let pool: [NSLock] = (0..<64).map { _ in NSLock() }

    /// The lock guarding `object`'s side state.
    static func lock(for object: AnyObject) -> NSLock {
        // Objects are 16-byte aligned: the low four bits of an address carry nothing.
        pool[Int((UInt(bitPattern: ObjectIdentifier(object)) >> 4) & 63)]
    }
}
