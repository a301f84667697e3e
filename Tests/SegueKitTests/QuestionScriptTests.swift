import SegueKit
import Testing

/// A tool's typed questions answered from a script, with no terminal: the values handed back,
/// the checks' messages, the lines left in the scrollback, and the errors an author catches.
@Suite struct QuestionScriptTests {
    enum Bump: String, CaseIterable { case major, minor, patch }

    struct Target: Equatable { var name: String; var region: String }

    enum Channel: CaseIterable, CustomStringConvertible {
        case stable, beta
        var description: String { self == .stable ? "Stable" : "Beta (testers)" }
    }

    struct Plan: Equatable {
        var bump: Bump
        var title: String
        var keep: Int
        var targets: [Target]
        var digest: String
        var publish: Bool
    }

    static let targets = [Target(name: "eu", region: "Frankfurt"), Target(name: "us", region: "Virginia"),
                          Target(name: "eu", region: "Dublin")]

    /// A release helper's flow, as a tool would write it.
    func releaseQuestions() async throws -> Plan {
        let bump = try await Segue.choose("Version bump", from: Bump.self)
        let title = try await Segue.input("Title:") { $0.count < 3 ? "at least 3 characters" : nil }
        let keep = try await Segue.input("Builds to keep:", as: Int.self) { $0 < 1 ? "keep at least one" : nil }
        let targets = try await Segue.chooseMany("Targets", from: Self.targets) { "\($0.name) (\($0.region))" }
        let digest = try await Segue.spin("Building") { spinner in
            spinner.progress("compiling", fraction: 0)
            spinner.progress("linking", fraction: 0.5)
            return "sha256:42"
        }
        let publish = try await Segue.confirm("Publish?")
        return Plan(bump: bump, title: title, keep: keep, targets: targets, digest: digest, publish: publish)
    }

    @Test func aToolsFlowIsAnsweredFromTheScriptWithItsOwnValuesAndMessages() async throws {
        let script = QuestionScript(.choose("minor"), .input("ab"), .input("Faster start"), .input("many"), .input("0"),
                                    .input("3"), .choose("eu (Dublin)", "us (Virginia)"), .confirm(true))
        let plan = try await script.answering { try await releaseQuestions() }
        #expect(plan == Plan(bump: .minor, title: "Faster start", keep: 3, targets: [Self.targets[1], Self.targets[2]],
                             digest: "sha256:42", publish: true))
        #expect(script.refusals == ["at least 3 characters", "expected a whole number", "keep at least one"])
        #expect(script.record == ["✔ Version bump · minor", "✔ Title · Faster start", "✔ Builds to keep · 3",
                                  "✔ Targets · us (Virginia), eu (Dublin)", "✔ Building", "✔ Publish? · Yes"])
        #expect(script.spinnerMessages == ["compiling", "linking"])
        #expect(script.unused.isEmpty)
    }

    @Test func escThrowsCancelledNamingTheQuestionAndCtrlCThrowsInterrupted() async throws {
        let cancelled = QuestionScript(.choose("major"), .cancel)
        await #expect(throws: Segue.Cancelled(question: "Title:")) { try await cancelled.answering { try await releaseQuestions() } }
        #expect(cancelled.record == ["✔ Version bump · major"])
        let interrupted = QuestionScript(.interrupt)
        await #expect(throws: Segue.Interrupted()) { try await interrupted.answering { try await releaseQuestions() } }
        #expect(interrupted.record.isEmpty)
    }

    @Test func casesAreShownByTheirDescriptionAndValuesWithoutAClosureByTheirs() async throws {
        let script = QuestionScript(.choose("Beta (testers)"), .choose("2", "3"), .choose("Stable"))
        let channel = try await script.answering { try await Segue.choose("Channel", from: Channel.self) }
        let numbers = try await script.answering { try await Segue.chooseMany("Numbers", from: [1, 2, 3]) }
        let channels: [Channel] = try await script.answering { try await Segue.chooseMany("Channels") }
        #expect(channel == .beta && numbers == [2, 3] && channels == [.stable])
    }

    @Test func anAnswerThatDoesNotFitTheQuestionNamesIt() async throws {
        let wrongTitle = QuestionScript(.choose("huge"))
        let noSuchItem = await #expect(throws: QuestionScript.Mismatch.self) { try await wrongTitle.answering { try await releaseQuestions() } }
        #expect(noSuchItem?.description == #"QuestionScript: "Version bump" has no item "huge" (items: "major", "minor", "patch")"#)
        let wrongKind = QuestionScript(.confirm(true))
        await #expect(throws: QuestionScript.Mismatch.self) { try await wrongKind.answering { try await releaseQuestions() } }
        let runOut = QuestionScript(.choose("patch"))
        let noAnswer = await #expect(throws: QuestionScript.Mismatch.self) { try await runOut.answering { try await releaseQuestions() } }
        #expect(noAnswer?.description == #"QuestionScript: "Title:" was asked, but the script has no answer left (it wants a text)"#)
    }

    @Test func theWorkBehindASpinnerThrowsItsOwnErrorAndTheRecordSaysItFailed() async throws {
        struct BuildFailed: Error, Equatable {}
        let script = QuestionScript()
        await #expect(throws: BuildFailed()) {
            try await script.answering { try await Segue.spin("Building") { () async throws -> Int in throw BuildFailed() } }
        }
        #expect(script.record == ["✘ Building"])
    }

    @Test func aPatternThatIsNoRegularExpressionThrowsItsShapeProblem() async throws {
        let script = QuestionScript(.input("x"))
        let problem = await #expect(throws: ShapeProblem.self) { try await script.answering { try await Segue.input("Tag:", pattern: "[") } }
        #expect(problem?.path == "input.pattern")
        #expect(script.unused == [.input("x")])
    }

    @Test func theTextQuestionsKeepTheirNilAndPasswordsAreRecordedAsDots() async throws {
        let script = QuestionScript(.cancel, .input("hunter2"), .cancel, .command(Segue.CommandResult(status: 0, output: Array("ok".utf8))))
        let note = try await script.answering { try await Segue.input("Note: ") }
        let password = try await script.answering { try await Segue.input("Password:", password: true) { _ in nil } }
        let no = try await script.answering { try await Segue.confirm("Deploy?") }
        let built = try await script.answering { try await Segue.spin("Make", running: ["make"]) }
        #expect(note == nil && password == "hunter2" && !no && built?.output == Array("ok".utf8))
        #expect(script.record == ["✔ Password · ••••••••", "✔ Deploy? · No", "✔ Make"])
    }
}
