import Foundation
import StateDB

/// A SwiftUI-style app: `@main struct NotesApp: App { var body: some Scene { WindowGroup {
/// ContentView() } } }` runs as a terminal app with its state in a store of its own.
///
/// ```swift
/// @main
/// struct NotesApp: App {
///     var body: some Scene {
///         WindowGroup { ContentView() }
///     }
/// }
/// ```
///
/// `main()` (which `@main` calls) opens the app's store, mounts the window group's view on
/// it and runs it in the terminal (`TerminalHost`) until the user quits, then saves and exits;
/// see `AppLauncher` for where the store is and what happens without a terminal. The view's
/// keys are those it would have as a `ViewHost`'s root (`ContentView/…`).
@MainActor
public protocol App {
    associatedtype Body: Scene
    /// The app's scene: a `WindowGroup` (the first one, when there are several).
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// Runs the app (see `App`) and exits with its status.
    public static func main() {
        let status = AppLauncher.launch(
            Self(), name: AppLauncher.executableName(CommandLine.arguments.first),
            environment: ProcessInfo.processInfo.environment, interactive: TerminalHost.isAvailable,
            print: { Swift.print($0) }, printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        exit(status)
    }
}

/// Part of an app's user interface, as in SwiftUI: a `WindowGroup`, or a scene of the app's
/// own made of one.
@MainActor
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

extension Never: Scene {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// The scene that shows a view, as in SwiftUI. In a terminal there is one window: the screen.
public struct WindowGroup<Content: View>: Scene, WindowContent {
    public typealias Body = Never
    public var body: Never { fatalError("a WindowGroup has no body") }
    let content: Content
    /// The title SwiftUI gives the window; a terminal has none to show it in.
    public let title: String?

    /// A window group showing the view `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        title = nil
    }

    /// A window group titled `title` (not shown).
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.title = String(title)
    }

    var rootView: any View { content }
}

/// Several scenes from one builder block; the first is the one that runs.
public struct SceneGroup: Scene {
    public typealias Body = Never
    public var body: Never { fatalError("a SceneGroup has no body") }
    let scenes: [any Scene]
}

/// Builds an app's scenes, as SwiftUI's `SceneBuilder` does.
@resultBuilder
@MainActor
public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }

    public static func buildBlock<each S: Scene>(_ scenes: repeat each S) -> SceneGroup {
        var all: [any Scene] = []
        for scene in repeat each scenes { all.append(scene) }
        return SceneGroup(scenes: all)
    }
}

/// A scene that shows a view itself (a `WindowGroup`).
@MainActor
protocol WindowContent {
    var rootView: any View { get }
}

/// The view a scene shows: a window group's, or the first one found in a group or a scene's
/// body.
@MainActor
func rootView(of scene: any Scene) -> (any View)? {
    if let window = scene as? any WindowContent { return window.rootView }
    if let group = scene as? SceneGroup { return group.scenes.lazy.compactMap(rootView(of:)).first }
    func body<S: Scene>(of scene: S) -> any Scene { scene.body }
    if scene is Never { return nil }
    return rootView(of: body(of: scene))
}
