import Foundation

/// `error.localizedDescription` (what an app shows in an alert or a log line) is the message
/// with its advice, not Foundation's "The operation could not be completed. (… error 1.)".
extension StateStoreError: LocalizedError {
    public var errorDescription: String? { description }
}

extension DriverError: LocalizedError {
    public var errorDescription: String? { description }
}
