import Foundation
@testable import PermitChromium
import PermitWeb
import Testing

@Suite struct ChromiumLocatorTests {
    /// A locator over a made-up machine: `files` maps each executable path to its first bytes, `links` maps
    /// a path to where it resolves.
    func locator(
        _ files: [String: String], links: [String: String] = [:], environment: [String: String] = [:]
    ) -> ChromiumLocator {
        ChromiumLocator(
            environment: environment, isExecutable: { files[$0] != nil }, head: { files[$0] ?? "" },
            resolved: { links[$0] ?? $0 })
    }

    let binary = "\u{7F}ELF\u{02}\u{01}"

    @Test func debiansRealBinaryComesBeforeItsWrapper() {
        let found = locator(["/usr/lib/chromium/chromium": binary, "/usr/bin/chromium": "#!/bin/sh\nexec /usr/lib/chromium/chromium"]).locate()
        #expect(found == "/usr/lib/chromium/chromium")
    }

    @Test func ubuntusRunnersChromiumIsFoundOnThePath() {
        let found = locator(
            ["/usr/bin/chromium-browser": binary],
            links: ["/usr/bin/chromium-browser": "/usr/local/share/chromium/chrome-linux/chrome"]
        ).locate()
        #expect(found == "/usr/bin/chromium-browser")
    }

    @Test func snapStubsAreSkippedForTheNextBrowser() {
        let found = locator(
            [
                "/usr/bin/chromium": binary,
                "/usr/bin/chromium-browser": "#!/bin/sh\nexec /snap/bin/chromium \"$@\"\n",
                "/usr/bin/google-chrome": binary,
            ],
            links: ["/usr/bin/chromium": "/snap/bin/chromium"]
        ).locate()
        #expect(found == "/usr/bin/google-chrome")
    }

    @Test func macOSChromeIsFound() {
        let chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
        #expect(locator([chrome: binary]).locate() == chrome)
    }

    @Test func theEnvironmentVariableIsTheOnlyCandidateWhenSet() {
        let files = ["/opt/chrome/chrome": binary, "/usr/lib/chromium/chromium": binary]
        #expect(locator(files, environment: ["PERMIT_CHROMIUM": "/opt/chrome/chrome"]).locate() == "/opt/chrome/chrome")
        #expect(locator(files, environment: ["PERMIT_CHROMIUM": "/opt/missing"]).locate() == nil)
    }

    @Test func nothingInstalledIsNil() {
        #expect(locator([:]).locate() == nil)
    }
}

@Suite struct ChromiumArgumentsTests {
    func resolverRules(_ configuration: ChromiumConfiguration) -> [String] {
        let arguments = configuration.arguments(userDataDirectory: URL(fileURLWithPath: "/tmp/profile"))
        let rules = arguments.first { $0.hasPrefix("--host-resolver-rules=") }?.dropFirst("--host-resolver-rules=".count)
        return rules.map { $0.components(separatedBy: ", ") } ?? []
    }

    @Test func loopbackAddressesEscapeTheCatchAllRule() {
        let rules = resolverRules(ChromiumConfiguration())
        #expect(rules == ["MAP localhost 127.0.0.1", "MAP * ~NOTFOUND", "EXCLUDE 127.0.0.1", "EXCLUDE ::1"])
    }

    @Test func aNetworkHostIsResolvedAndBypassesTheRefusingProxy() throws {
        let configuration = ChromiumConfiguration(networkHosts: ["staging.example.com"])
        #expect(resolverRules(configuration).contains("EXCLUDE staging.example.com"))
        let arguments = configuration.arguments(userDataDirectory: URL(fileURLWithPath: "/tmp/profile"))
        let bypass = try #require(arguments.first { $0.hasPrefix("--proxy-bypass-list=") })
        #expect(bypass.split(separator: "=")[1].split(separator: ";").contains("staging.example.com"))
    }

    @Test func aNetworkHostCannotAddARuleOfItsOwn() {
        #expect(throws: WebViewError.self) {
            try ChromiumConfiguration(networkHosts: ["evil.test, MAP * 10.0.0.1"]).validate()
        }
    }
}
