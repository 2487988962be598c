// Stand-in for Apple's SwiftUI app structure, for the documentation's snippets (scripts/check-snippets): the
// app, scene, state and modifiers a quick start uses, with the signatures of Apple's Swift interface.

// .../app: `@MainActor @preconcurrency protocol App`
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    // .../app/main(): `static func main()`
    @MainActor @preconcurrency public static func main() { fatalError("stand-in") }
}

// .../scene: `@MainActor @preconcurrency protocol Scene`
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

// .../scenebuilder
@resultBuilder
public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// .../windowgroup/init(content:): `init(@ViewBuilder content: () -> Content)`
public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// .../state: `@frozen @propertyWrapper struct State<Value> : DynamicProperty`
@propertyWrapper
public struct State<Value> {
    private var value: Value
    public init(wrappedValue value: Value) { self.value = value }
    public var wrappedValue: Value {
        get { value }
        nonmutating set { fatalError("stand-in") }
    }
}

// .../form/init(content:): `init(@ViewBuilder content: () -> Content)`
public struct Form<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// .../list/init(content:): `init(@ViewBuilder content: () -> Content)`
public struct List<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError("stand-in") }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}
}

extension View {
    // .../view/task(priority:_:) (nonisolated in Apple's interface; main-actor here, as the stand-in's other
    // modifiers are): `func task(priority: TaskPriority = .userInitiated,
    // _ action: @escaping @isolated(any) @Sendable () async -> Void) -> some View`
    public func task(
        priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View { ModifiedContent<Self>() }
}
