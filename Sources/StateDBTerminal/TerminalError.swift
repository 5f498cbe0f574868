import Foundation

/// Why the terminal could not be used; the message says what to do.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    static let notATerminal = TerminalError("standard input and output must both be a terminal to run the interactive screen; run it in a terminal window (TerminalHost.isAvailable tells an app whether it can)")
}

/// `error.localizedDescription` is the message, as `description` gives it.
extension TerminalError: LocalizedError {
    public var errorDescription: String? { description }
}
