extension String {
    /// `self/child`: the path of a child view, or a slot's key. Copied byte for byte into a
    /// string allocated once: `self + "/" + child` cost three times as much, and this runs for
    /// every view and every slot mounted.
    func appendingPathSegment(_ child: String) -> String {
        var parent = self, child = child  // `withUTF8` may first make a bridged string native
        return parent.withUTF8 { head in
            child.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                    var end = buffer.baseAddress!
                    if let bytes = head.baseAddress { end.update(from: bytes, count: head.count) }
                    end += head.count
                    end.pointee = UInt8(ascii: "/")
                    end += 1
                    if let bytes = tail.baseAddress { end.update(from: bytes, count: tail.count) }
                    return head.count + 1 + tail.count
                }
            }
        }
    }
}
