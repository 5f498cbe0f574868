import Foundation

/// A string literal given to `Text`, as SwiftUI's: what lets `Text` take the interpolations
/// SwiftUI adds, `\(score, specifier: "%.2f")`, `\(price, format: .number)`, `\(date, style:
/// .time)` and a styled `\(Text("now").bold())`.
///
/// As in SwiftUI, every string literal given to `Text` is one (a `String` value is shown as
/// it is). There is no localisation here (no string tables): the key is shown as written, its
/// other interpolations as a `String`'s would be; Markdown in it (`**bold**`) is not read.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The key as shown, without styles.
    let string: String
    /// The parts with their styles, when an interpolated text had some; nil otherwise (most
    /// keys: no array kept).
    let runs: [TextRun]?

    /// A key that is `value`.
    public init(_ value: String) {
        string = value
        runs = nil
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        string = stringInterpolation.string
        runs = stringInterpolation.runs
    }

    /// The parts of a literal with interpolations, as they are appended.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var string = ""
        /// Every part so far, from the first styled text interpolated on (nil before).
        var runs: [TextRun]?

        public init(literalCapacity: Int, interpolationCount: Int) {
            string.reserveCapacity(literalCapacity + 2 * interpolationCount)
        }

        /// Appends `piece` as it is, to the key and to the current unstyled run (an empty piece
        /// starts no run). Callable from the app's inlined interpolations, its body kept here.
        @usableFromInline
        mutating func append(_ piece: String) {
            guard !piece.isEmpty else { return }
            string += piece
            guard runs != nil else { return }
            if let last = runs!.indices.last, runs![last].styles.isEmpty {
                runs![last].string += piece
            } else {
                runs!.append(TextRun(string: piece, styles: []))
            }
        }

        /// Inlinable: the empty literals an interpolation begins and ends with
        /// (`"\(title): \(count)"` has two) then cost nothing.
        @inlinable
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { append(literal) }
        }

        /// A string, as it is.
        public mutating func appendInterpolation(_ string: String) {
            append(string)
        }

        /// Any value, as `String(describing:)` writes it (as a `String`'s interpolation does).
        public mutating func appendInterpolation<T>(_ value: T) {
            append(String(describing: value))
        }

        /// A value that describes itself (a number, most often: `Text("Row \(index)")`), by
        /// its `description`, without the dynamic casts of `String(describing:)`.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            append(value.description)
        }

        /// A number (any `CVarArg`) written with a `printf` format: `\(score, specifier:
        /// "%.2f")`.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            append(String(format: specifier, value))
        }

        /// A value written by a format style: `\(price, format: .number)`.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            append(format.format(input))
        }

        /// A date in one of `Text`'s date styles (see `Text.DateStyle`).
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            append(style.text(for: date, now: Date()))
        }

        /// A text, with its styles.
        public mutating func appendInterpolation(_ text: Text) {
            guard let styled = text.runs else { return append(text.content) }
            if runs == nil { runs = string.isEmpty ? [] : [TextRun(string: string, styles: [])] }
            string += text.content
            runs! += styled
        }
    }
}

extension Text {
    /// The key as written, its interpolations formatted (no localisation: `tableName`,
    /// `bundle` and `comment` are accepted and not used). A string literal given to `Text` is
    /// one, as in SwiftUI.
    ///
    /// ```swift
    /// Text("Score: \(score, specifier: "%.1f")")   // Score: 3.1
    /// ```
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(content: key.string, runs: key.runs)
    }
}
