import CLibPQ
import Foundation

/// libpq, loaded with `dlopen` the first time a PostgreSQL URL is opened, never before.
///
/// Why not link it: libpq brings about twenty shared libraries (libcrypto, libssl, gnutls,
/// krb5, ldap, p11-kit, …) that the loader maps and relocates at every process start, whether
/// or not the process ever talks to a server. For `statedb get` on a 10k-slot SQLite store
/// (static-stdlib build, callgrind) that was 15.0 M of its 25.9 M instructions; loaded on
/// demand, SQLite-only processes pay nothing (BENCHMARKS.md, "scale"). That gain is the only
/// reason for the unchecked casts below.
///
/// The `CLibPQ` module keeps libpq's header for its types and constants but links nothing.
/// The functions of the same names below, in this module, shadow the header's declarations,
/// so the call sites read as plain libpq calls and reach libpq through the pointers bound
/// here. Each is declared with the signature Swift imports from the header, so the two agree.
///
/// `STATEDB_LIBPQ`, when set, names the file to load instead of `libpq.so.5` (a libpq outside
/// the loader's search path).
enum LibPQ {
    /// The file `dlopen` is given.
    static let libraryName = ProcessInfo.processInfo.environment["STATEDB_LIBPQ"].flatMap { $0.isEmpty ? nil : $0 } ?? "libpq.so.5"

    /// Loaded once, by the first thread that needs it (a `static let` is initialised once,
    /// thread-safely); the failure is kept, so every later attempt reports the same reason.
    private static let loaded: Result<Functions, LoadFailure> = Functions.load(libraryName)

    /// Throws when libpq cannot be loaded; call before any libpq function.
    /// - Throws: `StateStoreError(.cannotOpen)` saying to install libpq. Nothing is touched.
    static func require(url redactedURL: String) throws {
        if case .failure(let failure) = loaded {
            throw StateStoreError(.cannotOpen, path: redactedURL, "PostgreSQL support needs libpq: apt install libpq5 (\(failure.reason)). Nothing was opened; SQLite stores work without it.")
        }
    }

    /// The bound functions. Only reached after `require` succeeded (every connection is made
    /// through `PostgresConnection.init`, which calls it first).
    static var functions: Functions {
        switch loaded {
        case .success(let functions): return functions
        case .failure(let failure): preconditionFailure("libpq used before LibPQ.require: \(failure.reason)")
        }
    }

    struct LoadFailure: Error {
        let reason: String
    }

    // The pointers are immutable addresses in a library that is never unloaded, so sharing
    // them between threads is safe; libpq's own rule (one thread per connection at a time)
    // is kept by the connection's owner.
    struct Functions: @unchecked Sendable {
        let connectdbParams: @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32) -> OpaquePointer?
        let connectdb: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        let finish: @convention(c) (OpaquePointer?) -> Void
        let status: @convention(c) (OpaquePointer?) -> ConnStatusType
        let transactionStatus: @convention(c) (OpaquePointer?) -> PGTransactionStatusType
        let backendPID: @convention(c) (OpaquePointer?) -> Int32
        let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        let parameterStatus: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?
        let db: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        let setClientEncoding: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
        let socket: @convention(c) (OpaquePointer?) -> Int32
        let setNoticeProcessor: @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
        let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
        let execParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> OpaquePointer?
        let sendQueryParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
        let prepare: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?) -> OpaquePointer?
        let execPrepared: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> OpaquePointer?
        let sendPrepare: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?) -> Int32
        let sendQueryPrepared: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
        let getResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let enterPipelineMode: @convention(c) (OpaquePointer?) -> Int32
        let exitPipelineMode: @convention(c) (OpaquePointer?) -> Int32
        let pipelineSync: @convention(c) (OpaquePointer?) -> Int32
        let consumeInput: @convention(c) (OpaquePointer?) -> Int32
        let notifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
        let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
        let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
        let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        let clear: @convention(c) (OpaquePointer?) -> Void
        let ntuples: @convention(c) (OpaquePointer?) -> Int32
        let nfields: @convention(c) (OpaquePointer?) -> Int32
        let cmdTuples: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
        let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
        let getlength: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
        let unescapeBytea: @convention(c) (UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?) -> UnsafeMutablePointer<UInt8>?

        static func load(_ name: String) -> Result<Functions, LoadFailure> {
            // RTLD_LOCAL: libpq's symbols stay out of the global namespace, so they cannot
            // satisfy (or clash with) any other library's. Never closed: the pointers live as
            // long as the process.
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                return .failure(LoadFailure(reason: dlerror().map { String(cString: $0) } ?? "\(name) not found"))
            }
            var missing: [String] = []
            // The address cast to the function type the header gives it (the type is inferred
            // from the field it fills). A missing symbol gets a dummy address, never called:
            // a library missing any symbol is refused below.
            func bind<F>(_ symbol: String) -> F {
                guard let address = dlsym(library, symbol) else {
                    missing.append(symbol)
                    return unsafeBitCast(UnsafeRawPointer(bitPattern: 1)!, to: F.self)
                }
                return unsafeBitCast(address, to: F.self)
            }
            let functions = Functions(
                connectdbParams: bind("PQconnectdbParams"),
                connectdb: bind("PQconnectdb"),
                finish: bind("PQfinish"),
                status: bind("PQstatus"),
                transactionStatus: bind("PQtransactionStatus"),
                backendPID: bind("PQbackendPID"),
                errorMessage: bind("PQerrorMessage"),
                parameterStatus: bind("PQparameterStatus"),
                db: bind("PQdb"),
                setClientEncoding: bind("PQsetClientEncoding"),
                socket: bind("PQsocket"),
                setNoticeProcessor: bind("PQsetNoticeProcessor"),
                exec: bind("PQexec"),
                execParams: bind("PQexecParams"),
                sendQueryParams: bind("PQsendQueryParams"),
                prepare: bind("PQprepare"),
                execPrepared: bind("PQexecPrepared"),
                sendPrepare: bind("PQsendPrepare"),
                sendQueryPrepared: bind("PQsendQueryPrepared"),
                getResult: bind("PQgetResult"),
                enterPipelineMode: bind("PQenterPipelineMode"),
                exitPipelineMode: bind("PQexitPipelineMode"),
                pipelineSync: bind("PQpipelineSync"),
                consumeInput: bind("PQconsumeInput"),
                notifies: bind("PQnotifies"),
                freemem: bind("PQfreemem"),
                resultStatus: bind("PQresultStatus"),
                resultErrorField: bind("PQresultErrorField"),
                resultErrorMessage: bind("PQresultErrorMessage"),
                clear: bind("PQclear"),
                ntuples: bind("PQntuples"),
                nfields: bind("PQnfields"),
                cmdTuples: bind("PQcmdTuples"),
                getisnull: bind("PQgetisnull"),
                getvalue: bind("PQgetvalue"),
                getlength: bind("PQgetlength"),
                unescapeBytea: bind("PQunescapeBytea"))
            if missing.contains("PQconnectdbParams") {
                return .failure(LoadFailure(reason: "\(name) is not libpq: it has no PQconnectdbParams"))
            }
            guard missing.isEmpty else {
                // An older libpq (before 14 there is no pipeline mode): refused whole, at once,
                // rather than failing at the first call that needs the missing function.
                return .failure(LoadFailure(reason: "\(name) lacks \(missing.joined(separator: ", ")); it must be libpq 14 or newer"))
            }
            return .success(functions)
        }
    }
}

// MARK: - libpq's functions, as the header declares them

@discardableResult func PQconnectdbParams(_ keywords: UnsafePointer<UnsafePointer<CChar>?>!, _ values: UnsafePointer<UnsafePointer<CChar>?>!, _ expandDBName: Int32) -> OpaquePointer! {
    LibPQ.functions.connectdbParams(keywords, values, expandDBName)
}

@discardableResult func PQconnectdb(_ conninfo: UnsafePointer<CChar>!) -> OpaquePointer! { LibPQ.functions.connectdb(conninfo) }
func PQfinish(_ conn: OpaquePointer!) { LibPQ.functions.finish(conn) }
@discardableResult func PQstatus(_ conn: OpaquePointer!) -> ConnStatusType { LibPQ.functions.status(conn) }
@discardableResult func PQtransactionStatus(_ conn: OpaquePointer!) -> PGTransactionStatusType { LibPQ.functions.transactionStatus(conn) }
@discardableResult func PQbackendPID(_ conn: OpaquePointer!) -> Int32 { LibPQ.functions.backendPID(conn) }
@discardableResult func PQerrorMessage(_ conn: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { LibPQ.functions.errorMessage(conn) }
func PQparameterStatus(_ conn: OpaquePointer!, _ name: UnsafePointer<CChar>!) -> UnsafePointer<CChar>! { LibPQ.functions.parameterStatus(conn, name) }
func PQdb(_ conn: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { LibPQ.functions.db(conn) }
func PQsetClientEncoding(_ conn: OpaquePointer!, _ encoding: UnsafePointer<CChar>!) -> Int32 { LibPQ.functions.setClientEncoding(conn, encoding) }
@discardableResult func PQsocket(_ conn: OpaquePointer!) -> Int32 { LibPQ.functions.socket(conn) }

@discardableResult func PQsetNoticeProcessor(_ conn: OpaquePointer!, _ processor: PQnoticeProcessor!, _ argument: UnsafeMutableRawPointer!) -> PQnoticeProcessor! {
    LibPQ.functions.setNoticeProcessor(conn, processor, argument)
}

@discardableResult func PQexec(_ conn: OpaquePointer!, _ query: UnsafePointer<CChar>!) -> OpaquePointer! { LibPQ.functions.exec(conn, query) }

@discardableResult func PQexecParams(_ conn: OpaquePointer!, _ command: UnsafePointer<CChar>!, _ count: Int32, _ types: UnsafePointer<Oid>!,
                  _ values: UnsafePointer<UnsafePointer<CChar>?>!, _ lengths: UnsafePointer<Int32>!, _ formats: UnsafePointer<Int32>!,
                  _ resultFormat: Int32) -> OpaquePointer! {
    LibPQ.functions.execParams(conn, command, count, types, values, lengths, formats, resultFormat)
}

@discardableResult func PQsendQueryParams(_ conn: OpaquePointer!, _ command: UnsafePointer<CChar>!, _ count: Int32, _ types: UnsafePointer<Oid>!,
                       _ values: UnsafePointer<UnsafePointer<CChar>?>!, _ lengths: UnsafePointer<Int32>!, _ formats: UnsafePointer<Int32>!,
                       _ resultFormat: Int32) -> Int32 {
    LibPQ.functions.sendQueryParams(conn, command, count, types, values, lengths, formats, resultFormat)
}

@discardableResult func PQprepare(_ conn: OpaquePointer!, _ name: UnsafePointer<CChar>!, _ query: UnsafePointer<CChar>!, _ count: Int32,
                                   _ types: UnsafePointer<Oid>!) -> OpaquePointer! {
    LibPQ.functions.prepare(conn, name, query, count, types)
}

@discardableResult func PQexecPrepared(_ conn: OpaquePointer!, _ name: UnsafePointer<CChar>!, _ count: Int32,
                                        _ values: UnsafePointer<UnsafePointer<CChar>?>!, _ lengths: UnsafePointer<Int32>!,
                                        _ formats: UnsafePointer<Int32>!, _ resultFormat: Int32) -> OpaquePointer! {
    LibPQ.functions.execPrepared(conn, name, count, values, lengths, formats, resultFormat)
}

@discardableResult func PQsendPrepare(_ conn: OpaquePointer!, _ name: UnsafePointer<CChar>!, _ query: UnsafePointer<CChar>!, _ count: Int32,
                                       _ types: UnsafePointer<Oid>!) -> Int32 {
    LibPQ.functions.sendPrepare(conn, name, query, count, types)
}

@discardableResult func PQsendQueryPrepared(_ conn: OpaquePointer!, _ name: UnsafePointer<CChar>!, _ count: Int32,
                                             _ values: UnsafePointer<UnsafePointer<CChar>?>!, _ lengths: UnsafePointer<Int32>!,
                                             _ formats: UnsafePointer<Int32>!, _ resultFormat: Int32) -> Int32 {
    LibPQ.functions.sendQueryPrepared(conn, name, count, values, lengths, formats, resultFormat)
}

@discardableResult func PQgetResult(_ conn: OpaquePointer!) -> OpaquePointer! { LibPQ.functions.getResult(conn) }
@discardableResult func PQenterPipelineMode(_ conn: OpaquePointer!) -> Int32 { LibPQ.functions.enterPipelineMode(conn) }
@discardableResult func PQexitPipelineMode(_ conn: OpaquePointer!) -> Int32 { LibPQ.functions.exitPipelineMode(conn) }
@discardableResult func PQpipelineSync(_ conn: OpaquePointer!) -> Int32 { LibPQ.functions.pipelineSync(conn) }
@discardableResult func PQconsumeInput(_ conn: OpaquePointer!) -> Int32 { LibPQ.functions.consumeInput(conn) }
@discardableResult func PQnotifies(_ conn: OpaquePointer!) -> UnsafeMutablePointer<PGnotify>! { LibPQ.functions.notifies(conn) }
func PQfreemem(_ pointer: UnsafeMutableRawPointer!) { LibPQ.functions.freemem(pointer) }
@discardableResult func PQresultStatus(_ result: OpaquePointer!) -> ExecStatusType { LibPQ.functions.resultStatus(result) }
@discardableResult func PQresultErrorField(_ result: OpaquePointer!, _ field: Int32) -> UnsafeMutablePointer<CChar>! { LibPQ.functions.resultErrorField(result, field) }
@discardableResult func PQresultErrorMessage(_ result: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { LibPQ.functions.resultErrorMessage(result) }
func PQclear(_ result: OpaquePointer!) { LibPQ.functions.clear(result) }
@discardableResult func PQntuples(_ result: OpaquePointer!) -> Int32 { LibPQ.functions.ntuples(result) }
@discardableResult func PQnfields(_ result: OpaquePointer!) -> Int32 { LibPQ.functions.nfields(result) }
@discardableResult func PQcmdTuples(_ result: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { LibPQ.functions.cmdTuples(result) }
@discardableResult func PQgetisnull(_ result: OpaquePointer!, _ row: Int32, _ column: Int32) -> Int32 { LibPQ.functions.getisnull(result, row, column) }
@discardableResult func PQgetvalue(_ result: OpaquePointer!, _ row: Int32, _ column: Int32) -> UnsafeMutablePointer<CChar>! { LibPQ.functions.getvalue(result, row, column) }
func PQgetlength(_ result: OpaquePointer!, _ row: Int32, _ column: Int32) -> Int32 { LibPQ.functions.getlength(result, row, column) }

@discardableResult func PQunescapeBytea(_ text: UnsafePointer<UInt8>!, _ length: UnsafeMutablePointer<Int>!) -> UnsafeMutablePointer<UInt8>! {
    LibPQ.functions.unescapeBytea(text, length)
}
