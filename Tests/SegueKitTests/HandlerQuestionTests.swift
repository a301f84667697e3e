import SegueKit
import Testing

/// An async handler asks the user while it runs (`context.confirm`, `context.input`) through the
/// app's own question and prompt, and goes on with the answer; Esc while asking stops it.
@Suite struct HandlerQuestionTests {
    /// What the handlers heard, for the test to read once they are done.
    actor Heard {
        private(set) var answers: [String] = []
        func note(_ answer: String) { answers.append(answer) }
    }

    func deployScreen(_ heard: Heard) -> ComposedScreen {
        var screen = ComposedScreen(title: "Release")
        screen.addRow(title: "Deploy") { context async throws in
            let sure = await context.confirm("Deploy v2.4.6 to production?")
            await heard.note("sure: \(sure), stopped: \(Task.isCancelled)")
            guard sure else { return context.show("not deployed") }
            context.show("deployed")
        }
        screen.addRow(title: "Tag") { context async throws in
            let tag = await context.input("Tag?", default: "v2.4.")
            await heard.note("tag: \(tag ?? "nil"), stopped: \(Task.isCancelled)")
            context.emit(tag ?? "")
        }
        screen.addRow(title: "Port") { context async throws in
            let port = await context.input("Port?", rules: InputRules(kind: .number, minimum: 1, maximum: 65535))
            context.emit(port ?? "")
        }
        return screen
    }

    @Test func confirmAsksInTheStatusLineAndYesGoesOn() async {
        let heard = Heard()
        var session = HeadlessSession(deployScreen(heard), size: Size(width: 50, height: 8))
        session.press(.enter)
        await session.settle()
        #expect(session.lines.last == " Deploy v2.4.6 to production? (y/N)")
        #expect(session.isWorking)
        session.press(.char("y"))
        await session.settle()
        #expect(session.lines.last == " deployed")
        #expect(await heard.answers == ["sure: true, stopped: false"])
    }

    @Test func noAndEnterAnswerNoAndTheHandlerGoesOn() async {
        let heard = Heard()
        var session = HeadlessSession(deployScreen(heard), size: Size(width: 50, height: 8))
        session.press(.enter)
        await session.settle()
        session.press(.char("n"))
        await session.settle()
        #expect(session.lines.last == " not deployed")
        session.press(.enter)
        await session.settle()
        session.press(.enter)  // (y/N): Enter is no
        await session.settle()
        #expect(await heard.answers == ["sure: false, stopped: false", "sure: false, stopped: false"])
    }

    @Test func inputOpensTheBottomLineWithTheDefaultAndEnterHandsTheTextOver() async {
        let heard = Heard()
        var session = HeadlessSession(deployScreen(heard), size: Size(width: 50, height: 8))
        session.press(.down, .enter)
        await session.settle()
        #expect(session.lines.last == " Tag? v2.4.")
        session.press(.char("6"), .enter)
        await session.settle()
        #expect(session.outcome == .emitted(["v2.4.6"]))
        #expect(await heard.answers == ["tag: v2.4.6, stopped: false"])
    }

    @Test func inputChecksTheTextByItsRulesBeforeEnterTakesIt() async {
        var session = HeadlessSession(deployScreen(Heard()), size: Size(width: 50, height: 8))
        session.press(.down, .down, .enter)
        await session.settle()
        session.press(.char("0"), .enter)
        await session.settle()
        #expect(session.outcome == nil)
        #expect(session.lines.last == " Port? 0")
        session.press(.backspace, .char("8"), .enter)
        await session.settle()
        #expect(session.outcome == .emitted(["8"]))
    }

    @Test func escWhileConfirmingStopsTheHandlerAndDropsWhatItAsksFor() async {
        let heard = Heard()
        var session = HeadlessSession(deployScreen(heard), size: Size(width: 50, height: 8))
        session.press(.enter)
        await session.settle()
        session.press(.escape)
        await session.settle()
        #expect(session.lines.last == " stopped: Deploy")
        #expect(!session.isWorking)
        #expect(await heard.answers == ["sure: false, stopped: true"])
        // Esc means going back again: on the first screen, it ends the session.
        session.press(.escape)
        #expect(session.outcome == .cancelled)
    }

    @Test func escWhileTypingStopsTheHandler() async {
        let heard = Heard()
        var session = HeadlessSession(deployScreen(heard), size: Size(width: 50, height: 8))
        session.press(.down, .enter)
        await session.settle()
        session.press(.escape)
        await session.settle()
        #expect(session.outcome == nil)
        #expect(session.lines.last == " stopped: Tag")
        #expect(await heard.answers == ["tag: nil, stopped: true"])
    }

    @Test func aQuestionWaitsBehindTheHelpAndComesInFrontWhenItCloses() async {
        var screen = ComposedScreen(title: "Release")
        screen.addRow(title: "Deploy") { context async throws in
            try await Task.sleep(nanoseconds: 50_000_000)
            if await context.confirm("Deploy?") { context.show("deployed") }
        }
        var session = HeadlessSession(screen, size: Size(width: 50, height: 20))
        session.press(.enter, .char("?"))
        await session.settle()
        // The help is in front: the y meant for the question is not taken from it.
        #expect(!session.lines.joined().contains("Deploy? (y/N)"))
        session.press(.escape)
        #expect(session.lines.last == " Deploy? (y/N)")
        session.press(.char("y"))
        await session.settle()
        #expect(session.lines.last == " deployed")
    }
}

/// A handler that asks twice, then finishes with what it heard (the DocC article's test).
@Suite struct HandlerQuestionChainTests {
    struct Tag: Equatable, Sendable { var name: String }

    @Test func aHandlerAsksForTextThenConfirmsThenFinishesWithIt() async {
        var screen = ComposedScreen(title: "Release")
        screen.addRow(title: "Tag") { context async throws in
            guard let name = await context.input("Tag?", default: "v2.4.6"), await context.confirm("Tag \(name)?") else { return }
            context.finish(with: Tag(name: name))
        }
        var session = HeadlessSession(screen, finishing: Tag.self, size: Size(width: 40, height: 6))
        session.press(.enter)
        await session.settle()
        #expect(session.lines.last == " Tag? v2.4.6")
        session.press(.enter)
        await session.settle()
        #expect(session.lines.last == " Tag v2.4.6? (y/N)")
        session.press(.char("y"))
        await session.settle()
        #expect(session.outcome == .finished(Tag(name: "v2.4.6")))
    }
}
