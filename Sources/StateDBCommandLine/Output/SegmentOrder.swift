/// The order `inspect` draws sibling views in: byte order, except that runs of digits compare
/// as numbers, so `Row[id: 2]` comes before `Row[id: 10]` (byte order puts `1` before `2`).
/// A minus sign before digits makes the number negative: `[id: -3]` before `[id: 1]`; a `.`
/// and digits after them are its fraction: `[id: 2]` before `[id: 2.5]` before `[id: 3]`
/// (read as a decimal's, so `1.10` comes before `1.2`, as a `Double` id's spelling means).
/// Only a number's: not inside quotes (a string id, `[id: "1.10"]`), and not in a dotted run of
/// three or more numbers (`10.0.0.9`, `v1.2.3`), whose parts compare one by one.
enum SegmentOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        compare(Array(a.utf8), Array(b.utf8)) < 0
    }

    /// Negative, zero or positive, as `a` sorts before, with or after `b`.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in compare(a, b) } }
    }

    /// The same over bytes in place (`inspect` sorts names held in one arena).
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let aNumber = numberStart(a, i), bNumber = numberStart(b, j)
            if let aNumber, let bNumber {
                let (aEnd, bEnd) = (digitsEnd(a, aNumber.digits), digitsEnd(b, bNumber.digits))
                let (aFractionEnd, bFractionEnd) = (fractionEnd(a, aNumber.digits, aEnd), fractionEnd(b, bNumber.digits, bEnd))
                let order = compareNumbers(a, aNumber, aEnd, aFractionEnd, b, bNumber, bEnd, bFractionEnd)
                if order != 0 { return order }
                i = aFractionEnd
                j = bFractionEnd
                continue
            }
            if a[i] != b[j] { return Int(a[i]) - Int(b[j]) }
            i += 1
            j += 1
        }
        return (a.count - i) - (b.count - j)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Where a number starts at `index`: its digits, and whether a `-` comes before them.
    private static func numberStart(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (digits: Int, negative: Bool)? {
        if isDigit(bytes[index]) { return (index, false) }
        if bytes[index] == UInt8(ascii: "-"), index + 1 < bytes.count, isDigit(bytes[index + 1]) { return (index + 1, true) }
        return nil
    }

    private static func digitsEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var end = start
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        return end
    }

    /// Where the fraction of the number whose digits run from `start` to `end` ends: past `.`
    /// and its digits, or `end` when it has none (see the type's note).
    private static func fractionEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        let dot = UInt8(ascii: ".")
        guard end + 1 < bytes.count, bytes[end] == dot, isDigit(bytes[end + 1]) else { return end }
        let fractionEnd = digitsEnd(bytes, end + 1)
        let dottedBefore = start >= 2 && bytes[start - 1] == dot && isDigit(bytes[start - 2])
        let dottedAfter = fractionEnd + 1 < bytes.count && bytes[fractionEnd] == dot && isDigit(bytes[fractionEnd + 1])
        let quoted = bytes[..<start].reduce(0) { $1 == UInt8(ascii: "\"") ? $0 + 1 : $0 } % 2 == 1
        return dottedBefore || dottedAfter || quoted ? end : fractionEnd
    }

    private static func compareNumbers(_ a: UnsafeBufferPointer<UInt8>, _ aStart: (digits: Int, negative: Bool), _ aEnd: Int, _ aFractionEnd: Int,
                                       _ b: UnsafeBufferPointer<UInt8>, _ bStart: (digits: Int, negative: Bool), _ bEnd: Int, _ bFractionEnd: Int) -> Int {
        func significant(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
            var first = start
            while first < end - 1 && bytes[first] == UInt8(ascii: "0") { first += 1 }
            return bytes[first..<end]
        }
        func fraction(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int, _ fractionEnd: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
            fractionEnd > end ? bytes[(end + 1)..<fractionEnd] : bytes[end..<end]
        }
        let x = significant(a, aStart.digits, aEnd), y = significant(b, bStart.digits, bEnd)
        let xFraction = fraction(a, aEnd, aFractionEnd), yFraction = fraction(b, bEnd, bFractionEnd)
        let zero = UInt8(ascii: "0")
        let xZero = x.count == 1 && x.first == zero && xFraction.allSatisfy { $0 == zero }
        let yZero = y.count == 1 && y.first == zero && yFraction.allSatisfy { $0 == zero }
        let xNegative = aStart.negative && !xZero, yNegative = bStart.negative && !yZero
        if xNegative != yNegative { return xNegative ? -1 : 1 }
        var magnitude = x.count != y.count ? x.count - y.count : 0
        if magnitude == 0 {
            for (p, q) in zip(x, y) where p != q {
                magnitude = Int(p) - Int(q)
                break
            }
        }
        if magnitude == 0 {
            // The fractions digit by digit, the shorter one read with zeros after it.
            for k in 0..<max(xFraction.count, yFraction.count) {
                let p = k < xFraction.count ? xFraction[xFraction.startIndex + k] : zero
                let q = k < yFraction.count ? yFraction[yFraction.startIndex + k] : zero
                if p != q {
                    magnitude = Int(p) - Int(q)
                    break
                }
            }
        }
        if magnitude != 0 { return xNegative ? -magnitude : magnitude }
        // Equal numbers: the spelling decides (`01` after `1`, `2.50` after `2.5`, then byte
        // order: `0.50` before `00.5`), so the order stays total.
        let lengths = (aFractionEnd - aStart.digits) - (bFractionEnd - bStart.digits)
        if lengths != 0 { return lengths }
        for (p, q) in zip(a[aStart.digits..<aFractionEnd], b[bStart.digits..<bFractionEnd]) where p != q { return Int(p) - Int(q) }
        return 0
    }
}
