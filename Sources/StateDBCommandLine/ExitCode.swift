@_spi(Admin) import StateDB

/// The exit status of every command (documented in docs/cli.md).
enum ExitCode: Int32 {
    /// Done.
    case ok = 0
    /// No slot with that key, nothing under that prefix, no such quarantine entry.
    case notFound = 1
    /// Bad command line or input: unknown option, missing argument, invalid JSON or file.
    case usage = 2
    /// The value does not fit the slot's type.
    case typeMismatch = 3
    /// The change would overwrite something: `mv` onto existing keys, `--type` of an
    /// existing slot with another type, restoring over a retyped slot.
    case conflict = 4
    /// `check` found problems; `export`/`get` met a value that cannot be read.
    case problemsFound = 5
    /// There is no file at STORE (nothing was created).
    case storeMissing = 6
    /// The file is not a statedb store, is damaged, or has a newer, older or edited schema; or
    /// it (or a file beside it) is a link, a special file, another user's or open to others.
    case storeRefused = 7
    /// The store cannot be written: read-only file or folder, disk full.
    case cannotWrite = 8
    /// Any other failure (another process held the write lock past the busy timeout).
    case failure = 9

    init(for error: Error) {
        switch error {
        case is UsageError: self = .usage
        case is OutputFileError: self = .cannotWrite
        case let error as AdminError:
            switch error.kind {
            case .notFound: self = .notFound
            case .typeMismatch: self = .typeMismatch
            case .conflict: self = .conflict
            case .invalidInput: self = .usage
            case .unreadableValue: self = .problemsFound
            }
        case let error as StateStoreError:
            switch error.kind {
            case .missing: self = .storeMissing
            case .notADatabase, .foreignDatabase, .newerSchema, .checksumMismatch, .corrupt, .cannotOpen,
                 .unsafeFile, .migrationRequired, .migrationFailed: self = .storeRefused
            case .readOnly, .diskFull: self = .cannotWrite
            case .typeMismatch: self = .typeMismatch
            case .unknownKey: self = .notFound
            // The store can be written, just not now: another process holds the lock.
            case .busy, .closed, .sqlite: self = .failure
            }
        default: self = .failure
        }
    }
}
