import Clocks
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import Permit
@testable import PermitLinux
import PermitTesting

/// A fake kernel: `proc/net/route`, `proc/net/ipv6_route` and `sys/class/net/<name>/{operstate,flags}` in a
/// temporary folder.
struct NetworkFixture {
    let root: URL

    static let routeHeader =
        "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
    static let defaultRoute = "eth0\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
    static let subnetRoute = "eth0\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
    static let ipv6RejectDefault =
        "00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n"
    static let ipv6Default =
        "00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 00000400 00000001 00000000 00450003     wlan0\n"

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("permit-net-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func routes(_ rows: String...) throws { try write(Self.routeHeader + rows.joined(), to: "proc/net/route") }
    func ipv6Routes(_ rows: String...) throws { try write(rows.joined(), to: "proc/net/ipv6_route") }
    func interface(_ name: String, operstate: String?, flags: String?) throws {
        if let operstate { try write(operstate + "\n", to: "sys/class/net/\(name)/operstate") }
        if let flags { try write(flags + "\n", to: "sys/class/net/\(name)/flags") }
    }

    var files: HostNetworkFiles { HostNetworkFiles(root: root) }
    func tearDown() { try? FileManager.default.removeItem(at: root) }
}

@Suite(.timeLimit(.minutes(1))) struct NetworkMonitorTests {
    // MARK: - Reading the host's files

    @Test func anInterfaceUpWithADefaultRouteIsAvailable() throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes(NetworkFixture.defaultRoute, NetworkFixture.subnetRoute)
        try fixture.interface("eth0", operstate: "up", flags: "0x1003")
        try fixture.interface("lo", operstate: "unknown", flags: "0x9")
        #expect(fixture.files.availability() == .available)
    }

    @Test func anInterfaceDownIsUnavailable() throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes(NetworkFixture.defaultRoute)
        try fixture.interface("eth0", operstate: "down", flags: "0x1002")
        #expect(fixture.files.availability() == .unavailable)
    }

    @Test func noDefaultRouteIsUnavailable() throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes(NetworkFixture.subnetRoute)
        try fixture.ipv6Routes(NetworkFixture.ipv6RejectDefault)  // the kernel's unreachable ::/0 on lo
        try fixture.interface("eth0", operstate: "up", flags: "0x1003")
        #expect(fixture.files.availability() == .unavailable)
    }

    @Test func aDefaultRouteOnlyThroughLoopbackIsUnavailable() throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes("lo\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0\n",
                           "dummy0\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0\n")
        try fixture.interface("lo", operstate: "unknown", flags: "0x9")
        try fixture.interface("dummy0", operstate: "unknown", flags: "0x49")  // up, running, but loopback
        #expect(fixture.files.availability() == .unavailable)
    }

    @Test func aTunnelReportingUnknownDefersToItsFlags() throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes("tun0\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0\n")
        try fixture.interface("tun0", operstate: "unknown", flags: "0x1041")
        #expect(fixture.files.availability() == .available)
        try fixture.interface("tun0", operstate: "unknown", flags: "0x1000")
        #expect(fixture.files.availability() == .unavailable)
    }

    @Test func anIPv6OnlyDefaultRouteIsAvailable() throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes(NetworkFixture.subnetRoute)
        try fixture.ipv6Routes(NetworkFixture.ipv6RejectDefault, NetworkFixture.ipv6Default)
        try fixture.interface("wlan0", operstate: "up", flags: "0x1003")
        #expect(fixture.files.availability() == .available)
    }

    @Test func unreadableFilesAreUnknown() throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        #expect(fixture.files.availability() == .unknown)  // no route table at all, as off Linux
        try fixture.routes(NetworkFixture.defaultRoute)
        #expect(fixture.files.availability() == .unknown)  // a route, but the interface's state cannot be read
        try fixture.interface("eth0", operstate: "unknown", flags: nil)
        #expect(fixture.files.availability() == .unknown)  // "unknown" defers to flags that cannot be read
    }

    @Test func theRealHostGivesADefiniteAnswerWithoutThrowing() async {
        let monitor = LinuxNetworkMonitor(logger: makeTestLogger().0)
        let availability = await monitor.availability()
        if FileManager.default.isReadableFile(atPath: "/proc/net/route") {
            #expect(availability == .available || availability == .unavailable)
        } else {
            #expect(availability == .unknown)
        }
    }

    // MARK: - Polling

    @Test func onePollPublishesAChangeOnlyWhenTheFilesChanged() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes(NetworkFixture.defaultRoute)
        try fixture.interface("eth0", operstate: "up", flags: "0x1003")
        let monitor = LinuxNetworkMonitor(root: fixture.root, clock: TestClock(), logger: makeTestLogger().0)
        #expect(monitor.pollOnce() == .available)
        var updates = monitor.updates().makeAsyncIterator()
        #expect(await updates.next() == .available)
        #expect(monitor.pollOnce() == .available)  // unchanged: nothing published
        try fixture.interface("eth0", operstate: "down", flags: "0x1002")
        #expect(monitor.pollOnce() == .unavailable)
        #expect(await updates.next() == .unavailable)
    }

    @Test func runPollsAndReportsEachChangeOnceOnTheInjectedClock() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes(NetworkFixture.defaultRoute)
        try fixture.interface("eth0", operstate: "up", flags: "0x1003")
        let clock = TestClock()
        let monitor = LinuxNetworkMonitor(root: fixture.root, pollInterval: .seconds(5), clock: clock, logger: makeTestLogger().0)
        var updates = monitor.updates().makeAsyncIterator()
        #expect(await updates.next() == .available)
        try await withRunGroup { group in
            group.addTask { await monitor.run() }
            try fixture.interface("eth0", operstate: "down", flags: "0x1002")
            #expect(await sleepIsPending(on: clock))  // the poller waits for its interval before the clock moves
            await clock.advance(by: .seconds(5))
            #expect(await updates.next() == .unavailable)

            #expect(await sleepIsPending(on: clock))
            await clock.advance(by: .seconds(5))  // nothing changed: nothing reported
            try fixture.interface("eth0", operstate: "up", flags: "0x1003")
            #expect(await sleepIsPending(on: clock))
            await clock.advance(by: .seconds(5))
            #expect(await updates.next() == .available)

            var late = monitor.updates().makeAsyncIterator()  // a new subscriber starts with the current value
            #expect(await late.next() == .available)
        }
    }

    @Test func runStopsWhenCancelledAndReadsNothingWhileNobodySubscribes() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.tearDown() }
        try fixture.routes(NetworkFixture.defaultRoute)
        try fixture.interface("eth0", operstate: "up", flags: "0x1003")
        let clock = TestClock()
        let (logger, handler) = makeTestLogger()
        let monitor = LinuxNetworkMonitor(root: fixture.root, pollInterval: .seconds(5), clock: clock, logger: logger)
        #expect(await monitor.availability() == .available)
        let changesLogged = { handler.entries.filter { $0.message.description == "network availability changed" }.count }
        try await withRunGroup { group in
            group.addTask { await monitor.run() }
            try fixture.interface("eth0", operstate: "down", flags: "0x1002")
            #expect(await sleepIsPending(on: clock))
            await clock.advance(by: .seconds(5))  // nobody subscribes: the files are not read
            #expect(await sleepIsPending(on: clock))
            #expect(changesLogged() == 1)

            var updates = monitor.updates().makeAsyncIterator()  // reads at once
            #expect(await updates.next() == .unavailable)
            try fixture.interface("eth0", operstate: "up", flags: "0x1003")
            #expect(await sleepIsPending(on: clock))
            await clock.advance(by: .seconds(5))
            #expect(await updates.next() == .available)
        }  // cancelled, and run() returned
        #expect((try? await clock.checkSuspension()) != nil)  // no sleep left behind
        try fixture.interface("eth0", operstate: "down", flags: "0x1002")
        await clock.advance(by: .seconds(5))
        #expect(changesLogged() == 3)  // nothing polls any more
        #expect(await monitor.availability() == .unavailable)  // a read still works
    }

    // MARK: - Offline is a state

    @Test(arguments: NetworkAvailability.allCases)
    func localWorkNeverWaitsAndSyncWaitsOnlyWhenOffline(_ availability: NetworkAvailability) {
        #expect(!availability.shouldWait(.local))
        #expect(availability.shouldWait(.sync) == (availability == .unavailable))
    }

    @Test func syncWorkWaitsUntilTheNetworkIsBack() async throws {
        let network = SimulatedNetworkMonitor(.unavailable)
        let resumed = Collector<String>()
        let waiter = Task {
            try await network.waitUntilReachable()
            await resumed.append("sync")
        }
        #expect(await yield { network.subscriberCount == 1 })
        #expect(await resumed.values.isEmpty)
        network.set(.available)
        try await waiter.value
        #expect(await resumed.values == ["sync"])
        try await network.waitUntilReachable()  // available: returns at once
    }

    @Test func waitingForTheNetworkEndsWhenCancelled() async throws {
        let network = SimulatedNetworkMonitor(.unavailable)
        let waiter = Task { try await network.waitUntilReachable() }
        #expect(await yield { network.subscriberCount == 1 })
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    @Test func theSimulatedMonitorReportsChangesOnly() async {
        let network = SimulatedNetworkMonitor()
        var updates = network.updates().makeAsyncIterator()
        #expect(await updates.next() == .available)
        network.set(.available)
        network.set(.unavailable)
        network.set(.unavailable)
        network.set(.unknown)
        #expect(await updates.next() == .unavailable)
        #expect(await updates.next() == .unknown)
        #expect(await network.availability() == .unknown)
    }
}
