import StateDB

/// A view that logs its evaluations under `name` (`EvaluationLog`) and, while `reads`, reads
/// `value` into a `Text`: the reader of a shared slot in the reader-bookkeeping tests.
struct NamedReader: View {
    let name: String
    let reads: Bool
    @Binding var value: Int
    var body: some View {
        let _ = EvaluationLog.record(name)
        if reads {
            Text("\(name) \(value)")
        }
    }
}
