/// The folder part of a file's path, worked out on its bytes.
///
/// Not `NSString.deletingLastPathComponent`: on Linux it crashes the process (an illegal
/// instruction in Foundation) for a one-character path such as `s` or `~`, and for `~/`,
/// so a store named `s`, or `~/state.sqlite` written unexpanded, killed the app instead of
/// being opened or refused.
@_spi(Admin) public enum FolderPath {
    /// Everything before `path`'s last `/`, trailing slashes aside: `""` for a bare name
    /// (the current folder), `"/"` for a file at the root.
    public static func of(_ path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard var end = bytes.lastIndex(of: slash) else { return "" }
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        // Cut at an ASCII byte, so the prefix is whole UTF-8.
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }
}
