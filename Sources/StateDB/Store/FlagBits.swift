/// One-bit flags packed in an integer field, as a view node and a slot's cell keep theirs: a
/// `Bool` field each took a byte (and padding) in objects a big tree holds by the thousand.
extension FixedWidthInteger {
    /// Whether `bit` (a mask of one bit) is set.
    @inline(__always) func hasFlag(_ bit: Self) -> Bool { self & bit != 0 }

    /// Sets or clears `bit`.
    @inline(__always) mutating func setFlag(_ bit: Self, _ on: Bool) {
        if on { self |= bit } else { self &= ~bit }
    }
}
