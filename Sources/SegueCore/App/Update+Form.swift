/// A form's keys (`AppOptions.form`, `FormQuestion`): Enter edits the input field selected and
/// goes on from any other, an input's Enter goes on once its text is accepted, and Enter past
/// the last field shown answers the form, unless a field's answer is refused (an input left
/// empty that its pattern refuses): the cursor then goes to it, saying why.
enum FormAnswers {
    /// Enter (`KeyCommand.nextField`); outside a form, Enter's usual work.
    static func next(_ state: inout AppState) -> [Effect] {
        guard state.options.form != nil else { return Activation.activate(&state) }
        if state.current.selectedBoundRow?.style.kind.editsText == true { return Entry.editSetting(&state) }
        return advance(&state)
    }

    /// A field answered: the next field shown, or, after the last, the form's answers.
    static func advance(_ state: inout AppState) -> [Effect] {
        guard let form = state.options.form else { return [] }
        if let current = state.current.selection, let next = state.current.enabledRow(from: current + 1, step: 1) {
            state.current.select(next, in: state.listViewport)
            return []
        }
        let answers = state.settings.values
        for (place, field) in form.fields.enumerated() where field.isAsked(given: answers) {
            guard let refusal = field.refusal(in: answers) else { continue }
            state.current.select(place, in: state.listViewport)
            state.setStatus(.error("\(field.title): \(refusal)"))
            return []
        }
        return [.emit(form.printed(answers), status: .success)]
    }

    /// The checks a field's editor uses: the row's, with the Swift program's own check.
    static func rules(for setting: String, row rules: InputRules, _ state: AppState) -> InputRules {
        state.options.form?.rules(for: setting) ?? rules
    }
}
