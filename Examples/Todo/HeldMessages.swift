import Foundation

/// Store diagnostics, printed on standard error at once, or held while the screen belongs to
/// the terminal host and printed when it is given back.
final class HeldMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var isHolding: Bool
    private var held: [String] = []

    init(holding: Bool) {
        isHolding = holding
    }

    /// Called on any thread by the store.
    func report(_ message: String) {
        let hold = lock.withLock {
            if isHolding { held.append(message) }
            return isHolding
        }
        if !hold { printError(message) }
    }

    /// Prints what was held and stops holding.
    func release() {
        let messages = lock.withLock {
            isHolding = false
            defer { held = [] }
            return held
        }
        messages.forEach(printError)
    }
}
