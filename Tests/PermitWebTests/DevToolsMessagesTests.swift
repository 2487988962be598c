import Foundation
import Permit
@testable import PermitChromium
import PermitWeb
import Testing
import PermitSupport

/// The typed DevTools layer: commands encode to the parameters the protocol names, answers and events decode
/// from the JSON Chromium sends, and anything else is refused or skipped rather than guessed at.
@Suite struct DevToolsMessagesTests {
    private func event(_ method: String, _ params: String) throws -> DevToolsEvent? {
        DevToolsEvent(DevToolsPipe.Event(method: method, params: try JSONValue.parse(Data(params.utf8)), sessionID: "S"))
    }

    /// The parameters `command` sends, parsed back.
    private func parameters(_ command: some Encodable) throws -> [String: JSONValue] {
        try JSONValue.parse(DevTools.parameters(of: command)).objectValue ?? [:]
    }

    private func answer<Command: DevToolsCommand>(to command: Command, _ json: String) throws -> Command.Result {
        try DevTools.decode(Command.Result.self, from: try JSONValue.parse(Data(json.utf8)), method: Command.method)
    }

    // MARK: - Commands

    @Test func commandsEncodeTheirParametersUnderTheProtocolsNamesAndLeaveOutWhatIsUnset() throws {
        let reply = DevTools.Runtime.Evaluate(expression: "1", uniqueContextId: "U")
        #expect(try parameters(reply) == ["expression": .string("1"), "uniqueContextId": .string("U")])
        let evaluate = DevTools.Runtime.Evaluate(expression: "2", returnByValue: true, awaitPromise: true)
        #expect(
            try parameters(evaluate)
                == ["expression": .string("2"), "returnByValue": .bool(true), "awaitPromise": .bool(true)])
        #expect(
            try parameters(DevTools.Target.AttachToTarget(targetId: "T", flatten: true))
                == ["targetId": .string("T"), "flatten": .bool(true)])
        #expect(try parameters(DevTools.Page.Enable()) == [:])
        #expect(try parameters(DevTools.Page.Navigate(url: "http://localhost/a/b")) == ["url": .string("http://localhost/a/b")])
    }

    @Test func commandsNameTheirMethods() {
        #expect(DevTools.Page.AddScriptToEvaluateOnNewDocument.method == "Page.addScriptToEvaluateOnNewDocument")
        #expect(DevTools.Runtime.AddBinding.method == "Runtime.addBinding")
        #expect(DevTools.Network.SetCookie.method == "Network.setCookie")
        #expect(DevTools.Storage.GetCookies.method == "Storage.getCookies")
        #expect(DevTools.Target.GetTargets.method == "Target.getTargets")
        #expect(DevTools.Browser.Close.method == "Browser.close")
    }

    // MARK: - Answers

    @Test func anEvaluationKeepsJSONNullApartFromUndefinedAndNoValue() throws {
        let command = DevTools.Runtime.Evaluate(expression: "null")
        let null = try answer(to: command, #"{"result":{"type":"object","subtype":"null","value":null}}"#)
        #expect(null.result?.value == .null)
        let undefined = try answer(to: command, #"{"result":{"type":"undefined"}}"#)
        #expect(undefined.result == DevTools.Runtime.RemoteObject(type: "undefined"))
        let object = try answer(to: command, #"{"result":{"type":"object","value":{"a":[1,"x"]}}}"#)
        #expect(object.result?.value?.jsonText == #"{"a":[1,"x"]}"#)
    }

    @Test func anEvaluationThatThrewNamesTheClassOfWhatWasThrown() throws {
        let threw = try answer(
            to: DevTools.Runtime.Evaluate(expression: "x"),
            #"{"result":{"type":"object","className":"ReferenceError"},"exceptionDetails":{"exceptionId":1,"text":"Uncaught","exception":{"type":"object","className":"ReferenceError","description":"x is not defined"}}}"#)
        #expect(threw.exceptionDetails?.exception?.className == "ReferenceError")
    }

    @Test func answersReadTheFieldsTheWebViewUses() throws {
        let navigated = try answer(to: DevTools.Page.Navigate(url: "x"), #"{"frameId":"F","loaderId":"L"}"#)
        #expect(navigated.loaderId == "L" && navigated.errorText == nil)
        let failed = try answer(to: DevTools.Page.Navigate(url: "x"), #"{"frameId":"F","errorText":"net::ERR_NAME_NOT_RESOLVED"}"#)
        #expect(failed.errorText == "net::ERR_NAME_NOT_RESOLVED" && failed.loaderId == nil)
        let targets = try answer(
            to: DevTools.Target.GetTargets(),
            #"{"targetInfos":[{"targetId":"B","type":"browser","title":"","url":"","attached":true},{"targetId":"P","type":"page","title":"","url":"about:blank","attached":false}]}"#)
        #expect(targets.targetInfos?.map(\.targetId) == ["B", "P"])
        #expect(try answer(to: DevTools.Network.SetCookie(name: "a", value: "", path: "/", secure: true, httpOnly: false), #"{"success":false}"#).success == false)
    }

    @Test func anAnswerOfAnotherShapeIsAProtocolErrorNamingTheMethodOnly() {
        #expect(throws: WebViewError.engineRefused) {
            try answer(to: DevTools.Target.GetTargets(), #"{"targetInfos":"secret page text"}"#)
        }
        do {
            _ = try answer(to: DevTools.Target.GetTargets(), #"{"targetInfos":"secret page text"}"#)
        } catch {
            #expect("\(error)".contains("Target.getTargets"))
            #expect(!"\(error)".contains("secret"))
        }
    }

    // MARK: - Events

    @Test func theFollowedEventsDecodeIntoTypes() throws {
        #expect(
            try event(
                "Runtime.executionContextCreated",
                #"{"context":{"id":3,"origin":"http://localhost:8080","name":"","uniqueId":"-1.2","auxData":{"isDefault":true,"type":"default","frameId":"F"}}}"#)
                == .executionContextCreated(
                    DevTools.Runtime.ExecutionContextDescription(
                        id: 3, origin: "http://localhost:8080", uniqueId: "-1.2",
                        auxData: DevTools.Runtime.AuxData(frameId: "F", isDefault: true))))
        #expect(try event("Runtime.executionContextDestroyed", #"{"executionContextId":3,"executionContextUniqueId":"-1.2"}"#)
            == .executionContextDestroyed(executionContextID: 3))
        #expect(try event("Runtime.executionContextsCleared", "{}") == .executionContextsCleared)
        #expect(
            try event("Runtime.bindingCalled", #"{"name":"__permitHost","payload":"{\"h\":\"x\"}","executionContextId":3}"#)
                == .bindingCalled(DevTools.Runtime.BindingCalled(name: "__permitHost", payload: #"{"h":"x"}"#, executionContextId: 3)))
        #expect(
            try event("Page.frameNavigated", #"{"frame":{"id":"F","loaderId":"L","url":"http://localhost/","securityOrigin":"http://localhost"},"type":"Navigation"}"#)
                == .frameNavigated(DevTools.Page.Frame(id: "F", parentId: nil, url: "http://localhost/")))
        #expect(
            try event("Page.lifecycleEvent", #"{"frameId":"F","loaderId":"L","name":"load","timestamp":1.5}"#)
                == .lifecycleEvent(DevTools.Page.LifecycleEvent(frameId: "F", loaderId: "L", name: "load")))
        #expect(
            try event("Page.javascriptDialogOpening", #"{"url":"http://localhost/","message":"hi","type":"confirm","hasBrowserHandler":false}"#)
                == .javaScriptDialogOpening(DevTools.Page.JavaScriptDialogOpening(type: "confirm")))
        #expect(try event("Inspector.targetCrashed", "{}") == .targetCrashed)
        #expect(try event("Inspector.detached", #"{"reason":"target_closed"}"#) == .detached)
    }

    @Test func otherEventsAndMalformedOnesAreSkipped() throws {
        #expect(try event("Network.requestWillBeSent", #"{"requestId":"1"}"#) == nil)
        #expect(try event("Runtime.bindingCalled", #"{"name":"__permitHost","payload":7,"executionContextId":3}"#) == nil)
        #expect(try event("Runtime.executionContextDestroyed", #"{"executionContextId":"3"}"#) == nil)
        #expect(try event("Page.frameNavigated", #"{"frame":{"id":"F"}}"#) == nil)
    }

    @Test func theShimsMessageIsTyped() throws {
        let message = try JSONDecoder().decode(HostShim.Message.self, from: Data(#"{"h":"bridge","n":4,"b":"{}"}"#.utf8))
        #expect(message == HostShim.Message(h: "bridge", n: 4, b: "{}"))
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(HostShim.Message.self, from: Data(#"{"h":"bridge","n":4,"b":5}"#.utf8))
        }
    }
}
