/// `segue choose ITEM…`: one question for a script, gum's `choose`: pick one of the items (or
/// several with `--multi`), printed on standard output. It is a spec like any, so `/` finds,
/// Tab marks with `--multi`, and the help works.
package enum ChooseQuestion {
    package struct Options: Sendable {
        /// A line above the items (`--header`).
        package var header: String?
        /// Splits each item into the label shown and the value printed (`--label-delimiter`):
        /// `Paris:fr` shows Paris and prints fr.
        package var labelDelimiter: String?

        package init(header: String? = nil, labelDelimiter: String? = nil) {
            self.header = header
            self.labelDelimiter = labelDelimiter
        }
    }

    /// The question's spec. Items are data, never templates: `{{x}}` shows and prints as it is.
    package static func spec(items: [String], options: Options = Options()) -> Spec {
        spec(choices: items.map { split($0, by: options.labelDelimiter) }, header: options.header)
    }

    /// The question's spec from each choice's label (shown, found) and value (its row's id, and
    /// what is emitted): a Swift program's values are chosen by their place, whatever they are
    /// called (`Segue.choose(_:from:title:)`).
    package static func spec(choices: [(label: String, value: String)], header: String?) -> Spec {
        let data: [JSONValue] = choices.map { .object(["label": .string($0.label), "value": .string($0.value)]) }
        let template = Row(attributes: [
            "title": .string("{{item.label}}"), "id": .string("{{item.value}}"),
            "action": .object(["type": "emit", "value": .string("{{item.value}}")]),
        ])
        let rows = choices.isEmpty ? RowList([Row(title: "Nothing to choose from", enabled: false)])
            : RowList(generator: RowGenerator(forEach: "items", template: template))
        var spec = Spec(title: "", sections: [Section(header: header.map { Template.verbatim($0) }, rows: rows)],
                        data: .object(["items": .array(data)]))
        spec.find.prompt = "> "
        return spec
    }

    /// The label and the value of `item`: split at the first delimiter, else the item twice.
    package static func split(_ item: String, by delimiter: String?) -> (label: String, value: String) {
        guard let delimiter, !delimiter.isEmpty, let range = item.firstRange(of: delimiter) else { return (item, item) }
        return (String(item[..<range.lowerBound]), String(item[range.upperBound...]))
    }
}
