import Foundation
import StateDB
import Testing

/// A migration file says exactly what it means: a field nothing reads (a typo) or an empty
/// pattern would have been ignored, and the migration would have done something else than its
/// author meant — or nothing, silently.
struct MigrationFileStrictnessTests {
    static func refusal(_ text: String) -> String? { refusal(Data(text.utf8)) }

    static func refusal(_ data: Data) -> String? {
        do {
            _ = try StateMigration.migrations(fromFile: data, path: "m.json")
            return nil
        } catch let error as StateStoreError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func fieldsNothingReadsAndEmptyValuesAreRefused() {
        #expect(Self.refusal(#"{"migrations":[{"name":"a","delete":{"keys":"Old/*","extra":1}}]}"#)?
            .contains(#"migration 'a': "delete" has no field "extra"; it takes "keys"."#) == true)
        #expect(Self.refusal(#"{"migrations":[{"name":"a","retype":{"kyes":"A/*","from":"Swift.Int","to":"Swift.String"}}]}"#)?
            .contains(#""retype" has no field "kyes""#) == true)
        #expect(Self.refusal(#"{"migrations":[{"name":"a","delete":{"keys":""}}]}"#)?
            .contains(#"migration 'a': "delete" has an empty "keys"."#) == true)
        #expect(Self.refusal(#"{"migrations":[{"name":"a","renameIdentity":{"from":"","to":"B"}}]}"#)?
            .contains(#"has an empty "from""#) == true)
        #expect(Self.refusal(#"{"migrations":[{"name":"a","delete":{"keys":"Old/*"},"when":"now"}]}"#)?
            .contains(#"migration 'a' has an unknown field "when""#) == true)
    }

    /// What a lenient JSON reader accepts and guesses at: a trailing comma, a key given twice
    /// (the second "keys" would have won), text that is not UTF-8, an entry that is not an object.
    @Test func jsonIsReadStrictly() {
        #expect(Self.refusal(#"{"migrations":[{"name":"a","delete":{"keys":"Old/*"}},]}"#)?
            .contains("not a migration file: invalid JSON at position") == true)
        #expect(Self.refusal(#"{"migrations":[{"name":"a","delete":{"keys":"Old/*","keys":"*"}}]}"#)?
            .contains(#"duplicate key "keys""#) == true)
        let notUTF8 = Data(#"{"migrations":[{"name":"a"#.utf8) + Data([0xFF]) + Data(#"","delete":{"keys":"Old/*"}}]}"#.utf8)
        #expect(Self.refusal(notUTF8)?.contains("not a migration file: it is not UTF-8 text.") == true)
        #expect(Self.refusal(#"{"migrations":["delete everything"]}"#)?
            .contains("migration #1 is a string, not an object.") == true)
        #expect(Self.refusal(#"{"migrations":[],"migratons":[{"name":"a","delete":{"keys":"Old/*"}}]}"#)?
            .contains(#"it has a field "migratons" that nothing reads"#) == true)
        #expect(Self.refusal("\u{FEFF}" + #"{"migrations":[]}"#)?.contains("starts with a byte order mark") == true)
    }

    @Test func aWellFormedFileIsRead() throws {
        let migrations = try StateMigration.migrations(fromFile: Data(#"""
            {"migrations":[
              {"name":"a","renameIdentity":{"from":"A","to":"B"}},
              {"name":"b","renameProperty":{"identities":"*","from":"done","to":"isDone"}},
              {"name":"c","delete":{"keys":"Old/*"}},
              {"name":"d","retype":{"keys":"*/count","from":"Swift.Int","to":"Swift.String"}}
            ]}
            """#.utf8), path: "m.json")
        #expect(migrations.map(\.name) == ["a", "b", "c", "d"])
    }
}
