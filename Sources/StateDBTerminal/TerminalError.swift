/// Why the terminal could not be used; the message says what to do.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    static let notATerminal = TerminalError("standard input and output must both be a terminal to run interactively; pipe commands in instead, or run it in a terminal window")
}
