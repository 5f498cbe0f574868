@_spi(Admin) import StateDB
import Foundation

/// Where a command writes: standard output for results, standard error for the one-line
/// refusal. Colour only when standard output is a terminal and `NO_COLOR` is not set
/// (https://no-color.org).
struct Console {
    let colour: Bool

    static func standard() -> Console {
        // getenv, not ProcessInfo's environment: that copies every variable into a dictionary,
        // a measurable part of a one-key command's start.
        let noColour = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        return Console(colour: isatty(STDOUT_FILENO) == 1 && !noColour)
    }

    /// Writes lines to standard output.
    func print(_ text: String) {
        Self.write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes one line to standard error, control characters escaped, so a message never
    /// spans lines or drives the terminal whatever stored data it quotes.
    func error(_ text: String) {
        Self.write(printable(text) + "\n", to: STDERR_FILENO)
    }

    /// The text's UTF-8 bytes in place. A standard output that cannot be written is recorded
    /// (`StandardOutput`); a standard error that cannot be written leaves nowhere to say so.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            if descriptor == STDOUT_FILENO {
                StandardOutput.write(UnsafeRawBufferPointer(bytes))
            } else {
                _ = StandardOutput.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
            }
        }
    }

    /// `text` in `style` when colour is on.
    func paint(_ text: String, _ style: Style) -> String {
        colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
    }
}

/// `text` with every character that could drive a terminal or hide itself (controls, DEL,
/// C1, line separators, bidirectional overrides) written as an escape: `\n`, `\u{1B}`.
func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TerminalSafety.isUnsafe) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where TerminalSafety.isUnsafe(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
