/// The line each question leaves in the scrollback once answered, as huh and Noora leave one:
/// `✔ Version bump · minor`. On by default; `Segue.recordsAnswers = false` turns it off.
extension Segue {
    private static let recording = Locked(true)

    /// Whether each question, once answered, leaves a line saying what was asked and the answer
    /// (`✔ Version bump · minor`; a password as dots). It is written on the terminal, not on
    /// standard output, so `$(tool)` captures only what the tool prints. A `QuestionScript`
    /// keeps the lines whatever this says (`script.record`).
    public static var recordsAnswers: Bool {
        get { recording.withLock { $0 } }
        set { recording.withLock { $0 = newValue } }
    }

    /// Leaves the line of a question answered (`failed`: a spinner's work that threw).
    static func record(_ question: String, answer: String?, failed: Bool = false) {
        let line = AnswerLine(question: question, answer: answer, failed: failed)
        if let script = QuestionScript.current { return script.keep(line.text(ascii: false)) }
        guard recordsAnswers else { return }
        let environment = ProcessEnvironment.variables()
        ScrollbackLine.write(line.pieces(ascii: !UserLocale.isUTF8, colour: ColourChoice.auto.usesColour(environment: environment)))
    }
}

/// `✔ Version bump · minor`: the mark, what was asked (its trailing `:` and spaces dropped) and
/// the answer.
struct AnswerLine {
    var question: String
    var answer: String?
    var failed: Bool

    init(question: String, answer: String?, failed: Bool) {
        var question = Substring(question)
        while let last = question.last, last == " " || last == ":" { question = question.dropLast() }
        self.question = TextFitting.sanitize(String(question))
        self.answer = answer.map(TextFitting.sanitize)
        self.failed = failed
    }

    func text(ascii: Bool) -> String { pieces(ascii: ascii, colour: false).map(\.text).joined() }

    func pieces(ascii: Bool, colour: Bool) -> [(text: String, style: Style)] {
        let mark = failed ? (ascii ? "x" : "✘") : (ascii ? "*" : "✔")
        var pieces: [(text: String, style: Style)] = [(mark, Style(foreground: colour ? (failed ? .red : .green) : .default, attributes: [.bold]))]
        if !question.isEmpty { pieces.append((" " + question, Style.plain)) }
        if let answer, !answer.isEmpty {
            pieces.append((question.isEmpty ? " " : (ascii ? " - " : " · "), Style(attributes: [.dim])))
            pieces.append((answer, Style(foreground: colour ? .cyan : .default)))
        }
        return pieces
    }
}
