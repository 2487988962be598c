import PermitHostSupport
import Testing

/// A user content controller as Apple documents it: a handler name "must be unique within the user content
/// controller" (`add(_:contentWorld:name:)`; adding a taken name raises `NSInvalidArgumentException`, which ends
/// the app), and removing a name nobody registered does nothing (WebKit's implementation; Apple documents nothing).
private struct DocumentedContentController {
    private(set) var owners: [String: String] = [:]
    private(set) var raised: [String] = []

    /// The app's (or another SDK's) own registration, made before Permit's.
    mutating func appRegisters(_ name: String) { add(name, owner: "app") }

    /// Performs Permit's registration steps.
    mutating func permitRegisters(_ name: String) {
        for step in MessageHandlerRegistration.steps(registering: name) {
            switch step {
            case .remove(let name): owners[name] = nil
            case .add(let name): add(name, owner: "permit")
            }
        }
    }

    private mutating func add(_ name: String, owner: String) {
        guard owners[name] == nil else { return raised.append(name) }
        owners[name] = owner
    }
}

@Suite struct MessageHandlerRegistrationTests {
    @Test func aNameTheAppRegisteredFirstIsTakenOverWithoutRaising() {
        var controller = DocumentedContentController()
        controller.appRegisters("ZooboxBridge")
        controller.permitRegisters("ZooboxBridge")
        #expect(controller.raised.isEmpty)
        #expect(controller.owners == ["ZooboxBridge": "permit"])
    }

    @Test func registeringOneNameTwiceDoesNotRaise() {
        var controller = DocumentedContentController()
        controller.permitRegisters("permit")
        controller.permitRegisters("permit")
        #expect(controller.raised.isEmpty)
        #expect(controller.owners == ["permit": "permit"])
    }

    @Test func otherNamesOfTheAppAreLeftAlone() {
        var controller = DocumentedContentController()
        controller.appRegisters("analytics")
        controller.permitRegisters("permit")
        #expect(controller.owners == ["analytics": "app", "permit": "permit"])
    }
}
