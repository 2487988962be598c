// Stand-in for Apple's SwiftUI, for scripts/check-apple-adapters only: just the views, builder and modifiers
// that PermitSwiftUI uses, with the signatures of Apple's Swift interface (main-actor isolated views, as
// since iOS 18). Bodies never run, and the generic plumbing is simplified: each modifier returns `some View`,
// as Apple's do. Each declaration names its page under https://developer.apple.com/documentation/swiftui/.
// Platforms: iOS and macOS, everything declared here (TimelineView and `task` since iOS 15 and macOS 12).

@_exported import Foundation  // as Apple's framework does

// .../view: `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// .../never: `extension Never : View`
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// .../optional: `extension Optional : View where Wrapped : View`
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// .../emptyview
public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError("stand-in") }
}

// .../tupleview
public struct TupleView<T>: View {
    public init(_ value: T) {}
    public var body: Never { fatalError("stand-in") }
}

// .../viewbuilder: `@resultBuilder struct ViewBuilder`
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { fatalError("stand-in") }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        fatalError("stand-in")
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

// .../font
public struct Font: Hashable, Sendable {
    public static let headline = Font()
    public static let subheadline = Font()
    public static let caption = Font()
    public static let footnote = Font()
}

// .../horizontalalignment, .../verticalalignment
public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
    public static let center = VerticalAlignment()
    public static let top = VerticalAlignment()
}

// .../edge/set
public enum Edge: Int8, Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
    }
}

// .../text: `init<S>(_ content: S) where S : StringProtocol`; .../text/font(_:): `func font(_ font: Font?) -> Text`
public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    public func font(_ font: Font?) -> Text { self }
    public var body: Never { fatalError("stand-in") }
}

// .../vstack/init(alignment:spacing:content:)
public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// .../hstack/init(alignment:spacing:content:)
public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// .../spacer/init(minlength:)
public struct Spacer: View {
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { fatalError("stand-in") }
}

// .../button
public struct Button<Label: View>: View {
    public var body: Never { fatalError("stand-in") }
}

extension Button {
    // .../button/init(action:label:): `@preconcurrency nonisolated init(action: @escaping @MainActor () -> Void,
    // @ViewBuilder label: () -> Label)`
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

// .../shapestyle: `protocol ShapeStyle : Sendable`
public protocol ShapeStyle: Sendable {}

// .../color: `@frozen struct Color : Hashable, CustomStringConvertible, Sendable` (a View and a ShapeStyle)
public struct Color: Hashable, Sendable, ShapeStyle, View {
    // .../color/red, .../color/orange, .../color/blue, .../color/green
    public static let red = Color()
    public static let orange = Color()
    public static let blue = Color()
    public static let green = Color()
    // .../color/opacity(_:): `func opacity(_ opacity: Double) -> Color`
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError("stand-in") }
}

// .../progressview (iOS 14, macOS 11): `struct ProgressView<Label, CurrentValueLabel> : View where Label : View,
// CurrentValueLabel : View`
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public var body: Never { fatalError("stand-in") }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    // .../progressview/init()-...: `init()`
    public init() {}
}

// .../accessibilitychildbehavior: `struct AccessibilityChildBehavior : Hashable` (iOS 14, macOS 11)
public struct AccessibilityChildBehavior: Hashable, Sendable {
    // .../accessibilitychildbehavior/ignore, /combine, /contain
    public static let ignore = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
}

// .../buttonrole: `struct ButtonRole : Equatable, Sendable` (iOS 15, macOS 12)
public struct ButtonRole: Equatable, Sendable {
    // .../buttonrole/cancel, .../buttonrole/destructive
    public static let cancel = ButtonRole()
    public static let destructive = ButtonRole()
}

extension Button where Label == Text {
    // .../button/init(_:role:action:)-(stringprotocol) (iOS 15, macOS 12): `@preconcurrency nonisolated init<S>(_ title:
    // S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}

    // .../button/init(_:action:)-(stringprotocol): `init<S>(_ title: S, action: @escaping @MainActor () -> Void)
    // where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

// .../section
public struct Section<Parent: View, Content: View, Footer: View>: View {
    public var body: Never { fatalError("stand-in") }
}

extension Section {
    // .../section/init(content:header:footer:): `init(@ViewBuilder content: () -> Content, @ViewBuilder header: () ->
    // Parent, @ViewBuilder footer: () -> Footer)`
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {}
}

extension Section where Footer == EmptyView {
    // .../section/init(content:header:): `init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent)`
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

// .../foreach/init(_:id:content:): `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content:
// @escaping (Data.Element) -> Content)`
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// .../modifiedcontent
public struct ModifiedContent<Content: View>: View {
    init() {}
    public var body: Never { fatalError("stand-in") }
}

extension View {
    // .../view/font(_:): `func font(_ font: Font?) -> some View`
    public func font(_ font: Font?) -> some View { ModifiedContent<Self>() }
    // .../view/alert(_:ispresented:presenting:actions:message:)-8584l (iOS 15, macOS 12): `nonisolated func alert<S,
    // A, M, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
    // @ViewBuilder message: (T) -> M) -> some View where S : StringProtocol, A : View, M : View`
    public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View { ModifiedContent<Self>() }
    // .../view/accessibilityhint(_:)-3rdgs (iOS 14, macOS 11): `nonisolated func accessibilityHint(_ hint: Text) ->
    // ModifiedContent<Self, AccessibilityAttachmentModifier>`
    public func accessibilityHint(_ hint: Text) -> some View { ModifiedContent<Self>() }
    // .../view/accessibilitylabel(_:)-... (iOS 14, macOS 11): `nonisolated func accessibilityLabel(_ label: Text) ->
    // ModifiedContent<Self, AccessibilityAttachmentModifier>`
    public func accessibilityLabel(_ label: Text) -> some View { ModifiedContent<Self>() }
    // .../view/accessibilityelement(children:) (iOS 14, macOS 11): `nonisolated func accessibilityElement(children:
    // AccessibilityChildBehavior = .ignore) -> some View`
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { ModifiedContent<Self>() }
    // .../view/foregroundstyle(_:) (iOS 15, macOS 12): `nonisolated func foregroundStyle<S>(_ style: S) -> some View
    // where S : ShapeStyle`
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { ModifiedContent<Self>() }
    // .../view/background(_:ignoressafeareaedges:) (iOS 15, macOS 12): `nonisolated func background<S>(_ style: S,
    // ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View where S : ShapeStyle`
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        ModifiedContent<Self>()
    }
    // .../view/disabled(_:): `nonisolated func disabled(_ disabled: Bool) -> some View`
    public func disabled(_ disabled: Bool) -> some View { ModifiedContent<Self>() }
    // .../view/task(id:priority:_:) (iOS 15, macOS 12; main-actor here, as the stand-in's other modifiers are):
    // `func task<T>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any)
    // @Sendable () async -> Void) -> some View where T : Equatable`
    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View { ModifiedContent<Self>() }
    // .../view/padding(_:_:): `func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View`
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { ModifiedContent<Self>() }
}

// .../binding: `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`; just what a modifier taking
// one needs.
@propertyWrapper
public struct Binding<Value> {
    // .../binding/wrappedvalue: `var wrappedValue: Value { get nonmutating set }`
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set { fatalError("stand-in") }
    }
    // .../binding/init(get:set:)-7ufcp: `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
    // set: @escaping @isolated(any) @Sendable (Value) -> Void)`
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
}

// .../timelineschedule: `protocol TimelineSchedule`
public protocol TimelineSchedule {}

// .../periodictimelineschedule: `struct PeriodicTimelineSchedule`
public struct PeriodicTimelineSchedule: TimelineSchedule {
    // .../periodictimelineschedule/init(from:by:): `init(from startDate: Date, by interval: TimeInterval)`
    public init(from startDate: Date, by interval: TimeInterval) {}
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    // .../timelineschedule/periodic(from:by:): `static func periodic(from startDate: Date, by interval:
    // TimeInterval) -> PeriodicTimelineSchedule`
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

// .../timelineviewdefaultcontext: `typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule,
// Never>.Context`; its `date` is the date the view is drawn for
public struct TimelineViewDefaultContext {
    // .../timelineview/context/date: `let date: Date`
    public let date: Date
}

// .../timelineview: `struct TimelineView<Schedule, Content> where Schedule : TimelineSchedule`
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    // .../timelineview/init(_:content:): `init(_ schedule: Schedule, @ViewBuilder content: @escaping
    // (TimelineViewDefaultContext) -> Content)`
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {}
    public var body: Never { fatalError("stand-in") }
}
