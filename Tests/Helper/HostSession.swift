import Foundation
import StateDB

/// A counter an app process shows and bumps: one `@State` slot, `HostSessionScreen/count`.
struct HostSessionScreen: View {
    @State var count = 0
    var body: some View {
        Text("count \(count)")
        Button("bump") { count += 1 }
    }
}

/// The counter's line as the host draws it: `count N`.
@MainActor
func shownCount(_ host: ViewHost) -> String {
    String(host.render().split(separator: "\n").first { $0.hasPrefix("count ") } ?? "count ?")
}

/// `host-session STORE`: an app process on STORE (a path or a PostgreSQL URL), a view host
/// driven one command per line on standard input, each answered with one line:
///
/// - `bump` taps the button (the update commits it) and prints `count N`;
/// - `update` runs an update (picking up other processes' commits) and prints `count N`;
/// - `bump-many N` bumps N times, each its own update, and prints `count N`;
/// - `close` closes the store and prints `closed`; end of input does too.
///
/// Prints `ready count N` once mounted. Diagnostics go to standard error, one line each, as
/// the store's default handler writes them.
func hostSession(_ arguments: [String]) {
    guard arguments.count == 1 else { usageError("host-session takes one STORE path or URL") }
    let store = openStore(arguments[0])
    MainActor.assumeIsolated {
        let host = ViewHost(root: HostSessionScreen(), store: store)
        say("ready \(shownCount(host))")
        while let line = readLine() {
            let words = line.split(separator: " ")
            do {
                switch words.first {
                case "bump":
                    try host.button("bump").tap()
                    say(shownCount(host))
                case "bump-many":
                    let times = words.count > 1 ? integer(String(words[1]), "N") : 1
                    for _ in 0..<times { try host.button("bump").tap() }
                    say(shownCount(host))
                case "update":
                    host.update()
                    say(shownCount(host))
                case "close":
                    store.close()
                    say("closed")
                    return
                default:
                    usageError("host-session: unknown command '\(line)'")
                }
            } catch {
                fail("\(error)")
            }
        }
        store.close()
        say("closed")
    }
}
