// `@Observable`, `Observable`, `@ObservationIgnored` and `withObservationTracking` come with
// `import StateDB`, as they come with `import SwiftUI`.
@_exported import Observation
