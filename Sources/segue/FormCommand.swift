import ArgumentParser
import SegueCore
import SegueFiles

/// `segue form FILE`: the questions of a spec's `"form"` on one band; the answers printed.
struct Form: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask the questions of a spec's \"form\" on one band; the answers are printed as JSON.",
        discussion: """
            Each field is input, choose, confirm or password; one with "when" shows only while its condition holds \
            ({{settings.NAME}} is an earlier answer). Tab and Shift-Tab move between fields, Enter edits an input and \
            goes on from any other field, ←→ and Space change a choice or a yes-or-no; Enter past the last field prints \
            the answers once each field shown is accepted. Esc exits 1, Ctrl-C 130.
            """
    )

    @Argument(help: ArgumentHelp("A spec (JSON or YAML) with a \"form\": its fields, in order.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("json (one object, by field name) or lines (name=value, a line each).", valueName: "format"))
    var format: FormQuestion.Output = .json

    @Option(help: ArgumentHelp("Lines under the prompt (10) or a share of the terminal (40%); by default as many as the fields need.",
                               valueName: "rows|percent"))
    var height: InlineHeight?

    @OptionGroup var look: QuestionLook

    func run() throws {
        // A spec that does not load is told as any is (the file, line:column, what was expected).
        let spec = try SpecLoader(disk: nil).loadFirst(file)
        guard let fields = spec.form, !fields.isEmpty else {
            Diagnostics.report("\(file): expected a \"form\": the fields to ask (input, choose, confirm, password)")
            throw ExitCode(ExitStatus.badSpec.code)
        }
        let form = FormQuestion(title: spec.title, fields: fields, output: format)
        var session = RunSession(spec: "", question: form.spec(), height: height ?? form.height)
        session.form = form
        try look.applied(to: session).run()
    }
}

extension FormQuestion.Output: ExpressibleByArgument {}
