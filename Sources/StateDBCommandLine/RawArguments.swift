import Foundation

/// The command line exactly as the process got it, refused when an argument is not UTF-8.
///
/// `CommandLine.arguments` repairs invalid UTF-8 with U+FFFD, so `statedb set STORE KEY` with a
/// JSON string of Latin-1 bytes would store replacement characters the operator never typed,
/// and a path of such bytes would name another file. Reading `argv` ourselves lets the command
/// refuse them instead.
enum RawArguments {
    /// Every argument after the program name, or the first that is not valid UTF-8.
    static func validated() -> Result<[String], UsageError> {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { break }
            guard let text = String(validatingCString: pointer) else {
                let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
                return .failure(UsageError("argument \(index) '\(escaped(bytes))' is not valid UTF-8; keys, JSON and paths must be UTF-8 text (nothing was read or written)"))
            }
            arguments.append(text)
        }
        return .success(arguments)
    }

    /// The bytes as text, with each byte that is not part of valid UTF-8 written `\xFF`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 sequence that starts here (1 to 4 bytes), if any.
            let valid = (1...4).reversed().first { length in
                index + length <= bytes.count && String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.count == 1
            }
            if let valid {
                result += printable(String(decoding: bytes[index..<index + valid], as: UTF8.self))
                index += valid
            } else {
                result += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
