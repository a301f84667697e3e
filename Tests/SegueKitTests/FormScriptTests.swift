import SegueKit
import Testing

/// A form's flow answered from a script: the typed answers read back through their fields,
/// conditions deciding what is asked, checks refusing text, the record lines left.
@Suite struct FormScriptTests {
    enum Bump: String, CaseIterable, Sendable { case major, minor, patch }

    struct Release: Equatable {
        var bump: Bump
        var title: String
        var publish: Bool
        var note: String?
        var token: String?
    }

    /// A release helper's form, as a tool would write it.
    func releaseForm() async throws -> Release {
        let bump = Segue.Field.choose("bump", "Version bump", from: Bump.self, selected: .minor)
        let title = Segue.Field.input("title", "Title", validate: { $0.count < 3 ? "at least 3 characters" : nil })
        let publish = Segue.Field.confirm("publish", "Publish now?")
        let note = Segue.Field.input("note", "Release note").when(publish)
        let token = Segue.Field.password("token", "Token").when(bump, is: .major)
        let answers = try await Segue.form("Release", bump, title, publish, note, token)
        return Release(bump: answers[bump], title: answers[title], publish: answers[publish], note: answers[note], token: answers[token])
    }

    @Test func theAnswersReadBackAsTheFieldsValuesWithConditionalOnesOptional() async throws {
        let script = QuestionScript(.choose("patch"), .input("ab"), .input("Faster start"), .confirm(true), .input("Quicker"))
        let release = try await script.answering { try await releaseForm() }
        #expect(release == Release(bump: .patch, title: "Faster start", publish: true, note: "Quicker", token: nil))
        #expect(script.refusals == ["at least 3 characters"])
        #expect(script.record == ["✔ Version bump · patch", "✔ Title · Faster start", "✔ Publish now? · Yes", "✔ Release note · Quicker"])
        #expect(script.unused.isEmpty)
    }

    @Test func aConditionOnAChoiceAsksItsFieldAndAPasswordIsRecordedAsDots() async throws {
        let script = QuestionScript(.choose("major"), .input("Big one"), .confirm(false), .input("s3cret"))
        let release = try await script.answering { try await releaseForm() }
        #expect(release == Release(bump: .major, title: "Big one", publish: false, note: nil, token: "s3cret"))
        #expect(script.record.last == "✔ Token · ••••••••")
    }

    @Test func escThrowsCancelledAndAMisfitAnswerNamesTheField() async throws {
        let cancelled = QuestionScript(.choose("minor"), .cancel)
        await #expect(throws: Segue.Cancelled(question: "Release")) { try await cancelled.answering { try await releaseForm() } }
        #expect(cancelled.record.isEmpty)
        let misfit = QuestionScript(.choose("minor"), .input("Fine title"), .input("yes"))
        await #expect(throws: QuestionScript.Mismatch.self) { try await misfit.answering { try await releaseForm() } }
    }

    @Test func twoFieldsWithOneNameAreRefusedBeforeAnythingIsAsked() async throws {
        let script = QuestionScript()
        await #expect(throws: ShapeProblem.self) {
            try await script.answering { try await Segue.form(nil, Segue.Field.confirm("a"), Segue.Field.input("a")) }
        }
    }
}
