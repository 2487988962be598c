import Foundation
import Testing

@testable import Permit

@Suite struct PromptPolicyStateMachineTests {
    static let date = Date(timeIntervalSince1970: 1_763_778_000)

    func state(_ status: PermissionStatus, prompted: Bool = false, kind: PermissionKind = .location) -> PermissionState {
        PermissionState(kind: kind, status: status, lastCheckedAt: Self.date, hasPrompted: prompted)
    }

    func declaration(lazy: Bool = true, primer: Bool = false, kind: PermissionKind = .location) -> PermissionDeclaration {
        PermissionDeclaration(kind: kind, necessity: .optional, purpose: "Where.", isLazy: lazy, showsPrimer: primer)
    }

    /// Requests `kind` at `time` and, when it prompts, has the OS answer at once.
    func prompt(_ machine: inout PromptPolicyStateMachine, _ kind: PermissionKind, at time: Duration) -> PromptPolicyStateMachine.RequestAction {
        let action = machine.request(for: declaration(kind: kind), state: state(.notDetermined, kind: kind), at: time)
        if action == .prompt { machine.finishPrompt(for: kind, answered: true, at: time) }
        return action
    }

    func machine(budget: Int = 3, cooldown: Duration = .seconds(10), startupOver: Bool = true) -> PromptPolicyStateMachine {
        var machine = PromptPolicyStateMachine(configuration: .init(promptBudget: budget, cooldown: cooldown))
        if startupOver { machine.finishStartup() }
        return machine
    }

    static let determined: [(PermissionStatus, NextStep)] = [
        (.granted, .ready), (.limited, .ready), (.provisional, .ready), (.denied, .openSettings),
        (.restricted, .unavailable), (.unavailable, .unavailable), (.approximate, .ready), (.ephemeral, .ready),
        (.undisclosed, .ready),
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

    /// Write-only calendar access for a declaration that needs full access: iOS shows the upgrade prompt once.
    @Test func writeOnlyCalendarAccessLeadsToTheUpgradePromptOnce() {
        let calendar = declaration(kind: .calendar)
        #expect(machine().nextStep(for: calendar, state: state(.writeOnly, kind: .calendar), at: .zero) == .showSystemPrompt)
        #expect(
            machine().nextStep(for: calendar, state: state(.writeOnly, prompted: true, kind: .calendar), at: .zero)
                == .suppressed(.alreadyAsked))
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
        #expect(prompt(&machine, .location, at: .zero) == .prompt)
        #expect(prompt(&machine, .camera, at: .seconds(1)) == .prompt)
        #expect(prompt(&machine, .microphone, at: .seconds(2)) == .skip(.suppressed(.budgetSpent)))
        #expect(machine.promptTimes == [.zero, .seconds(1)])
    }

    @Test func theCooldownRunsFromTheLastPrompt() {
        var machine = machine(budget: 10, cooldown: .seconds(30))
        #expect(prompt(&machine, .location, at: .seconds(5)) == .prompt)
        let camera = declaration(kind: .camera)
        let cameraState = state(.notDetermined, kind: .camera)
        #expect(machine.nextStep(for: camera, state: cameraState, at: .seconds(6)) == .suppressed(.coolingDown))
        #expect(machine.nextStep(for: camera, state: cameraState, at: .seconds(34)) == .suppressed(.coolingDown))
        #expect(machine.nextStep(for: camera, state: cameraState, at: .seconds(35)) == .showSystemPrompt)
    }

    @Test func aPromptOnScreenHoldsEveryOtherPromptBackAndCountsAgainstTheBudget() {
        var machine = machine(budget: 2, cooldown: .zero)
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero) == .prompt)
        let camera = declaration(kind: .camera)
        #expect(machine.nextStep(for: camera, state: state(.notDetermined, kind: .camera), at: .zero) == .suppressed(.coolingDown))
        #expect(machine.nextStep(for: declaration(), state: state(.notDetermined), at: .zero) == .suppressed(.alreadyAsked))
        machine.finishPrompt(for: .location, answered: true, at: .seconds(1))
        #expect(machine.nextStep(for: camera, state: state(.notDetermined, kind: .camera), at: .seconds(1)) == .showSystemPrompt)
    }

    @Test func withoutOneAtATimeAnotherKindPromptsWhileOneIsOnScreen() {
        var machine = PromptPolicyStateMachine(
            configuration: .init(promptBudget: 10, cooldown: .zero, promptsOneAtATime: false))
        machine.finishStartup()
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero) == .prompt)
        let camera = declaration(kind: .camera)
        #expect(machine.request(for: camera, state: state(.notDetermined, kind: .camera), at: .zero) == .prompt)
        // The kind on screen is still never asked twice.
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero) == .skip(.suppressed(.alreadyAsked)))
    }

    // A request whose state was read before this launch's prompt for the kind finished must not prompt again.
    @Test func aStateReadBeforeThisLaunchsPromptEndedCannotLeadToASecondPrompt() {
        var machine = machine(budget: 10, cooldown: .zero)
        let stale = state(.notDetermined)  // read by a second request while the first one's prompt was on screen
        #expect(machine.request(for: declaration(), state: stale, at: .zero) == .prompt)
        #expect(machine.request(for: declaration(), state: stale, at: .zero) == .skip(.suppressed(.alreadyAsked)))
        machine.finishPrompt(for: .location, answered: true, at: .seconds(1))
        #expect(machine.request(for: declaration(), state: stale, at: .seconds(2)) == .skip(.suppressed(.alreadyAsked)))
        #expect(machine.request(for: declaration(primer: true), state: stale, at: .seconds(2), afterPrimer: true)
            == .skip(.suppressed(.alreadyAsked)))
    }

    @Test func aFailedPromptSpendsNothing() {
        var machine = machine(budget: 1, cooldown: .seconds(60))
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero) == .prompt)
        machine.finishPrompt(for: .location, answered: false, at: .seconds(1))
        #expect(machine.promptTimes.isEmpty && machine.asking.isEmpty && machine.answered.isEmpty)
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .seconds(1)) == .prompt)
    }

    @Test func aPrimersContinueIsHeldBackByNeitherTheBudgetNorTheCooldown() {
        var machine = machine(budget: 1, cooldown: .seconds(60))
        let primed = declaration(primer: true)
        #expect(machine.nextStep(for: primed, state: state(.notDetermined), at: .zero) == .showPrimer(Primer(for: primed)))
        #expect(prompt(&machine, .camera, at: .seconds(1)) == .prompt)  // while the primer is on screen
        #expect(machine.nextStep(for: primed, state: state(.notDetermined), at: .seconds(2)) == .suppressed(.budgetSpent))
        #expect(machine.request(for: primed, state: state(.notDetermined), at: .seconds(2), afterPrimer: true) == .prompt)
        // Only for a declaration with a primer, and never past the status, an earlier prompt or startup.
        let microphone = declaration(kind: .microphone)
        #expect(machine.request(for: microphone, state: state(.notDetermined, kind: .microphone), at: .seconds(3), afterPrimer: true)
            == .skip(.suppressed(.budgetSpent)))
        var starting = self.machine(startupOver: false)
        #expect(starting.request(for: primed, state: state(.notDetermined), at: .zero, afterPrimer: true) == .skip(.suppressed(.startup)))
        #expect(starting.request(for: primed, state: state(.denied), at: .zero, afterPrimer: true) == .skip(.openSettings))
        #expect(starting.request(for: primed, state: state(.notDetermined, prompted: true), at: .zero, afterPrimer: true)
            == .skip(.suppressed(.alreadyAsked)))
    }

    @Test func aZeroBudgetNeverPrompts() {
        var machine = machine(budget: 0)
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero) == .skip(.suppressed(.budgetSpent)))
    }

    // MARK: - The person's own requests

    @Test func aPersonsRequestPromptsWhateverTheBudgetTheCooldownAnotherPromptOrStartup() {
        let primed = declaration(primer: true)
        var spent = machine(budget: 1, cooldown: .seconds(60))
        #expect(prompt(&spent, .camera, at: .zero) == .prompt)
        var cooling = machine(budget: 5, cooldown: .seconds(60))
        #expect(prompt(&cooling, .camera, at: .zero) == .prompt)
        var asking = machine()
        #expect(asking.request(for: declaration(kind: .camera), state: state(.notDetermined, kind: .camera), at: .zero) == .prompt)
        let held: [(PromptPolicyStateMachine, NextStep.Reason)] = [
            (spent, .budgetSpent), (cooling, .coolingDown), (asking, .coolingDown), (machine(startupOver: false), .startup),
        ]
        for (candidate, reason) in held {
            #expect(candidate.nextStep(for: declaration(), state: state(.notDetermined), at: .seconds(1)) == .suppressed(reason))
            #expect(candidate.nextStep(for: declaration(), state: state(.notDetermined), at: .seconds(1), initiatedBy: .person) == .showSystemPrompt)
            #expect(candidate.nextStep(for: primed, state: state(.notDetermined), at: .seconds(1), initiatedBy: .person) == .showPrimer(Primer(for: primed)))
            var person = candidate
            // Another kind's prompt on screen delays the person's prompt; nothing else holds it back.
            let expected: PromptPolicyStateMachine.RequestAction = candidate.isAsking ? .waitForPromptOnScreen : .prompt
            #expect(person.request(for: declaration(), state: state(.notDetermined), at: .seconds(1), initiatedBy: .person) == expected)
            var app = candidate
            #expect(app.request(for: declaration(), state: state(.notDetermined), at: .seconds(1)) == .skip(.suppressed(reason)))
        }
    }

    @Test func aPersonsRequestOrAPrimersContinueWaitsForThePromptOnScreenThenPrompts() {
        let primed = declaration(primer: true)
        var machine = machine()
        #expect(machine.request(for: declaration(kind: .camera), state: state(.notDetermined, kind: .camera), at: .zero) == .prompt)
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero, initiatedBy: .person) == .waitForPromptOnScreen)
        #expect(machine.request(for: primed, state: state(.notDetermined), at: .zero, afterPrimer: true) == .waitForPromptOnScreen)
        machine.finishPrompt(for: .camera, answered: true, at: .seconds(1))
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .seconds(1), initiatedBy: .person) == .prompt)
        // Prompts that may show together do not wait.
        var together = PromptPolicyStateMachine(configuration: .init(promptBudget: 3, cooldown: .zero, promptsOneAtATime: false))
        together.finishStartup()
        #expect(together.request(for: declaration(kind: .camera), state: state(.notDetermined, kind: .camera), at: .zero) == .prompt)
        #expect(together.request(for: declaration(), state: state(.notDetermined), at: .zero, initiatedBy: .person) == .prompt)
    }

    @Test func aPersonsRequestNeverPromptsTwiceNorAfterADenial() {
        var machine = machine()
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero, initiatedBy: .person) == .prompt)
        // On screen, then answered: the person's second tap gets no second prompt.
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .zero, initiatedBy: .person) == .skip(.suppressed(.alreadyAsked)))
        machine.finishPrompt(for: .location, answered: true, at: .seconds(1))
        #expect(machine.request(for: declaration(), state: state(.denied), at: .seconds(2), initiatedBy: .person) == .skip(.openSettings))
        #expect(machine.request(for: declaration(), state: state(.notDetermined), at: .seconds(2), initiatedBy: .person) == .skip(.suppressed(.alreadyAsked)))
        var fresh = self.machine()
        #expect(fresh.request(for: declaration(), state: state(.notDetermined, prompted: true), at: .zero, initiatedBy: .person)
            == .skip(.suppressed(.alreadyAsked)))
        #expect(fresh.request(for: declaration(), state: state(.restricted), at: .zero, initiatedBy: .person) == .skip(.unavailable))
    }

    @Test func aPersonsPromptCountsAgainstTheAppsBudgetAndCooldown() {
        var machine = machine(budget: 2, cooldown: .seconds(10))
        #expect(machine.request(for: declaration(kind: .camera), state: state(.notDetermined, kind: .camera), at: .zero, initiatedBy: .person) == .prompt)
        machine.finishPrompt(for: .camera, answered: true, at: .zero)
        #expect(machine.nextStep(for: declaration(), state: state(.notDetermined), at: .seconds(5)) == .suppressed(.coolingDown))
        #expect(prompt(&machine, .microphone, at: .seconds(11)) == .prompt)
        #expect(machine.nextStep(for: declaration(), state: state(.notDetermined), at: .seconds(30)) == .suppressed(.budgetSpent))
    }
}
