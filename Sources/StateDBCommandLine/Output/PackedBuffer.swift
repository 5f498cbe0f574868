import Foundation

/// Elements of a plain type in one block of memory that `realloc` grows. glibc moves a big
/// block by remapping its pages, so growing never holds an old and a new copy at once, where
/// an `Array` copies itself into a buffer twice the size (for `inspect`'s tens of megabytes,
/// a peak of twice what it keeps).
final class PackedBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    deinit { free(base) }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return base![index]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            base![index] = newValue
        }
    }

    /// The elements in `range`, valid until the next append.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of range")
        return UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
    }

    func append(_ element: Element) {
        reserve(count + 1)
        (base! + count).initialize(to: element)
        count += 1
    }

    func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard !elements.isEmpty else { return }
        reserve(count + elements.count)
        (base! + count).initialize(from: elements.baseAddress!, count: elements.count)
        count += elements.count
    }

    func append(contentsOf elements: [Element]) {
        elements.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2, 4096 / MemoryLayout<Element>.stride)
        guard let grown = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory (\(newCapacity * MemoryLayout<Element>.stride) bytes)")
        }
        base = grown.assumingMemoryBound(to: Element.self)
        capacity = newCapacity
    }
}
