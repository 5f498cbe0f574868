@testable import StateDB
import Testing

/// Which `ForEach`es the host takes as having distinct ids, so their segments are not compared
/// for duplicates: only a range's integers (half-open or closed), each its own id.
@MainActor
struct ForEachDistinctIDsTests {
    @Test func aRangeAndItsIndicesByThemselvesHaveDistinctIDs() {
        #expect(ForEach(0..<3) { Text("\($0)") }.idsAreDistinct)
        #expect(ForEach([10, 11].indices, id: \.self) { Text("\($0)") }.idsAreDistinct)
        #expect(ForEach(1...3, id: \.self) { Text("\($0)") }.idsAreDistinct)
    }

    @Test func otherIDsAreCompared() {
        #expect(!ForEach([1, 2, 1], id: \.self) { Text("\($0)") }.idsAreDistinct)
        #expect(!ForEach(0..<3, id: \.bitWidth) { Text("\($0)") }.idsAreDistinct, "every Int has the same bit width")
        #expect(!ForEach(0...3, id: \.bitWidth) { Text("\($0)") }.idsAreDistinct)
    }
}
