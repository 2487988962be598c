import Foundation
@testable import PermitChromium
import PermitWeb
import Testing

/// The page's execution contexts as a value: which document and frame a message came from, and whether the
/// document that asked is still there to be answered.
@Suite struct ExecutionContextsTests {
    private func mainWorld(
        _ id: Int64, frame: String, origin: String? = "http://localhost:8080", unique: String
    ) -> DevTools.Runtime.ExecutionContextDescription {
        DevTools.Runtime.ExecutionContextDescription(
            id: id, origin: origin, uniqueId: unique, auxData: DevTools.Runtime.AuxData(frameId: frame, isDefault: true))
    }

    @Test func aMainWorldGivesItsFrameAndOriginAndTheMainFrameIsTheAttachedPage() throws {
        var contexts = ExecutionContexts(mainFrameID: "PAGE")
        contexts.created(mainWorld(1, frame: "PAGE", unique: "u1"))
        contexts.created(mainWorld(2, frame: "CHILD", origin: "http://other.localhost:8080", unique: "u2"))

        let main = try #require(contexts.context(1))
        #expect(contexts.frame(of: main) == WebFrame(isMainFrame: true, origin: try WebOrigin("http://localhost:8080")))
        let child = try #require(contexts.context(2))
        #expect(contexts.frame(of: child) == WebFrame(isMainFrame: false, origin: try WebOrigin("http://other.localhost:8080")))
    }

    @Test func isolatedWorldsAndIncompleteDescriptionsAreIgnored() {
        var contexts = ExecutionContexts(mainFrameID: "PAGE")
        contexts.created(
            DevTools.Runtime.ExecutionContextDescription(
                id: 1, origin: "http://localhost", uniqueId: "u1",
                auxData: DevTools.Runtime.AuxData(frameId: "PAGE", isDefault: false)))
        contexts.created(DevTools.Runtime.ExecutionContextDescription(id: 2, origin: nil, uniqueId: "u2", auxData: nil))
        contexts.created(
            DevTools.Runtime.ExecutionContextDescription(
                id: 3, origin: "http://localhost", uniqueId: nil,
                auxData: DevTools.Runtime.AuxData(frameId: "PAGE", isDefault: true)))
        #expect(contexts.context(1) == nil)
        #expect(contexts.context(2) == nil)
        #expect(contexts.context(3) == nil)
    }

    @Test func anOpaqueOriginIsNone() throws {
        var contexts = ExecutionContexts(mainFrameID: "PAGE")
        contexts.created(mainWorld(1, frame: "PAGE", origin: "://", unique: "u1"))
        #expect(try #require(contexts.context(1)).origin == nil)
    }

    @Test func destroyedAndClearedContextsAreGoneAndTheirDocumentsNotAnswered() {
        var contexts = ExecutionContexts(mainFrameID: "PAGE")
        contexts.created(mainWorld(1, frame: "PAGE", unique: "u1"))
        contexts.created(mainWorld(2, frame: "CHILD", unique: "u2"))
        contexts.destroyed(1)
        #expect(contexts.context(1) == nil)
        #expect(!contexts.isAlive(uniqueID: "u1"))
        #expect(contexts.isAlive(uniqueID: "u2"))
        contexts.cleared()
        #expect(contexts.context(2) == nil)
        #expect(!contexts.isAlive(uniqueID: "u2"))
    }

    @Test func aReusedNumberInALaterDocumentIsANewContext() {
        var contexts = ExecutionContexts(mainFrameID: "PAGE")
        contexts.created(mainWorld(1, frame: "PAGE", unique: "first"))
        contexts.cleared()
        contexts.created(mainWorld(1, frame: "PAGE", unique: "second"))
        #expect(contexts.context(1)?.uniqueID == "second")
        #expect(!contexts.isAlive(uniqueID: "first"), "a reply to the first document goes nowhere")
    }

    @Test func aMainFrameNavigationMovesTheMainFrameAndASubframeOneDoesNot() throws {
        var contexts = ExecutionContexts(mainFrameID: "PAGE")
        contexts.created(mainWorld(1, frame: "NEW", unique: "u1"))
        let child = DevTools.Page.Frame(id: "CHILD", parentId: "PAGE", url: "http://localhost/frame")
        #expect(contexts.frameNavigated(child) == nil)
        #expect(contexts.mainFrameID == "PAGE")

        let main = DevTools.Page.Frame(id: "NEW", parentId: nil, url: "http://localhost/next")
        #expect(contexts.frameNavigated(main) == URL(string: "http://localhost/next"))
        #expect(contexts.isMainFrame("NEW"))
        #expect(contexts.frame(of: try #require(contexts.context(1))).isMainFrame)
    }

    @Test func attachingAPageNamesItsMainFrame() {
        var contexts = ExecutionContexts()
        contexts.pageAttached(mainFrameID: "PAGE")
        #expect(contexts.isMainFrame("PAGE"))
        #expect(!contexts.isMainFrame(""))
    }
}
