/// A command line that does not fit the command's declarations, or other bad input from the
/// caller (invalid JSON, a bad duration). One line on standard error, exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
