import Foundation
import Testing

@testable import Permit

@Suite struct PromptPolicyStateMachineTests {
    static let date = Date(timeIntervalSince1970: 1_763_778_000)

    func state(_ status: PermissionStatus, prompted: Bool = false) -> PermissionState {
        PermissionState(kind: .location, status: status, lastCheckedAt: Self.date, hasPrompted: prompted)
    }

    func declaration(lazy: Bool = true, primer: Bool = false) -> PermissionDeclaration {
        PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Where.", isLazy: lazy, showsPrimer: primer)
    }

    func machine(budget: Int = 3, cooldown: Duration = .seconds(10), startupOver: Bool = true) -> PromptPolicyStateMachine {
        var machine = PromptPolicyStateMachine(configuration: .init(promptBudget: budget, cooldown: cooldown))
        if startupOver { machine.finishStartup() }
        return machine
    }

    static let determined: [(PermissionStatus, NextStep)] = [
        (.granted, .ready), (.limited, .ready), (.provisional, .ready), (.denied, .openSettings),
        (.restricted, .unavailable), (.unavailable, .unavailable),
    ]

    @Test(arguments: determined)
    func aDeterminedStatusHasOneStepWhateverThePhaseBudgetOrPrompts(status: PermissionStatus, step: NextStep) {
        var spent = machine(budget: 1, cooldown: .seconds(60))
        #expect(spent.request(for: declaration(), state: state(.notDetermined), at: .zero) == .prompt)
        for candidate in [machine(), machine(startupOver: false), spent] {
            for prompted in [false, true] {
                for primer in [false, true] {
                    #expect(candidate.nextStep(for: declaration(primer: primer), state: state(status, prompted: prompted), at: .seconds(1)) == step)
                }
            }
        }
    }

    @Test func notDeterminedLeadsToThePrimerOrTheSystemPrompt() {
        let primed = declaration(primer: true)
        #expect(machine().nextStep(for: primed, state: state(.notDetermined), at: .zero) == .showPrimer(Primer(for: primed)))
        #expect(machine().nextStep(for: declaration(), state: state(.notDetermined), at: .zero) == .showSystemPrompt)
    }

    @Test func thePrimerCarriesThePurposeAndOnlyANeutralContinue() {
        let primer = Primer(for: declaration(primer: true))
        #expect(primer.kind == .location && primer.title == "Location" && primer.message == "Where.")
        #expect(primer.continueLabel == "Continue")
    }

    @Test func notDeterminedAfterAPromptIsSuppressedForGood() {
        #expect(machine().nextStep(for: declaration(), state: state(.notDetermined, prompted: true), at: .zero)
            == .suppressed(.alreadyAsked))
    }

    @Test func aLazyDeclarationWaitsForTheEndOfStartupAndAnEagerOneDoesNot() {
        var machine = machine(startupOver: false)
        #expect(machine.nextStep(for: declaration(lazy: true), state: state(.notDetermined), at: .zero) == .suppressed(.startup))
        #expect(machine.request(for: declaration(lazy: true), state: state(.notDetermined), at: .zero) == .skip(.suppressed(.startup)))
        #expect(machine.nextStep(for: declaration(lazy: false), state: state(.notDetermined), at: .zero) == .showSystemPrompt)
        machine.finishStartup()
        #expect(machine.nextStep(for: declaration(lazy: true), state: state(.notDetermined), at: .zero) == .showSystemPrompt)
    }

    @Test func theBudgetCountsPromptsAndSkipsDoNotSpendIt() {
        var machine = machine(budget: 2, cooldown: .zero)
        #expect(machine.request(for: declaration(), state: state(.denied), at: .zero) == .skip(.openSettings))
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero) == .prompt)
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .seconds(1)) == .prompt)
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .seconds(2)) == .skip(.suppressed(.budgetSpent)))
        #expect(machine.promptTimes == [.zero, .seconds(1)])
    }

    @Test func theCooldownRunsFromTheLastPrompt() {
        var machine = machine(budget: 10, cooldown: .seconds(30))
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .seconds(5)) == .prompt)
        #expect(machine.nextStep(for: declaration(), state: state(.notDetermined), at: .seconds(6)) == .suppressed(.coolingDown))
        #expect(machine.nextStep(for: declaration(), state: state(.notDetermined), at: .seconds(34)) == .suppressed(.coolingDown))
        #expect(machine.nextStep(for: declaration(), state: state(.notDetermined), at: .seconds(35)) == .showSystemPrompt)
    }

    @Test func aZeroBudgetNeverPrompts() {
        var machine = machine(budget: 0)
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero) == .skip(.suppressed(.budgetSpent)))
    }
}
