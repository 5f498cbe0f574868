@testable @_spi(Admin) import StateDB
import Testing

/// The strings of the project's own JSON parser (export files, migration files): decoded in
/// place when they hold no escape, and through their escapes otherwise, to exactly the text
/// they stand for.
struct JSONStringParsingTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""""#, ""),
        (#""Café/Über[id: 7]/naïve 😀""#, "Café/Über[id: 7]/naïve 😀"),
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""é then \u00e9 then é""#, "é then é then é"),
        (#""\ud83d\ude00 and 😀""#, "😀 and 😀"),
        (#""\u0000""#, "\u{0}"),
        (#""ends with an escape\n""#, "ends with an escape\n"),
    ])
    func stringsDecodeToTheTextTheyStandFor(json: String, text: String) throws {
        #expect(try parse(json) == .string(text))
        #expect(try parse("[\(json), \(json)]") == .array([.string(text), .string(text)]), "and the parse goes on after it")
    }

    @Test(arguments: [
        ("\"a\u{1}b\"", "a control character in a string must be escaped", 3),
        ("\"a\\qb\"", "unknown escape \\q", 4),
        ("\"a\\n\u{9}\"", "a control character in a string must be escaped", 5),
        ("\"open", "the string is not closed with \"", 6),
        ("\"open\\n", "the string is not closed with \"", 8),
        ("\"\\ud83d\"", "a high surrogate \\u escape must be followed by a low one", 8),
        ("\"\\ude00\"", "a lone low surrogate \\u escape", 8),
    ])
    func badStringsAreRefusedWhereTheProblemIs(json: String, message: String, position: Int) {
        #expect {
            try parse(json)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.message.hasPrefix(message) && error.position == position
        }
    }
}
