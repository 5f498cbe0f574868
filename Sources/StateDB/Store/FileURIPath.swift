/// A path written as the path of a SQLite `file:` URI: every byte of its UTF-8 kept as it is
/// when it may stand in a URL's path (letters, digits and `!$&'()*+,-./:=@_~`), all others
/// (`?`, `#`, `%`, `;`, spaces, non-ASCII) written `%XX`.
///
/// What `addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)` gives, byte for byte
/// (`FileURIPathTests` holds the two equal), without Foundation: building its character sets
/// cost 1.4 M instructions of every store open, a seventh of a `statedb get`.
enum FileURIPath {
    static func escaped(_ path: String) -> String {
        guard !path.utf8.allSatisfy(isKept) else { return path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count * 3)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if isKept(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// May `byte` stand in a URL's path as itself? Foundation's set: RFC 3986's `pchar` and `/`,
    /// less `;` (a path parameter's start in RFC 1808) and `%`.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!$&'()*+,-./:=@_~".utf8.contains(byte)
        }
    }
}
