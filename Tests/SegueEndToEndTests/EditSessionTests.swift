import Foundation
import Testing

/// `segue edit FILE --schema SCHEMA` in the real terminal (issue 29): a boolean, a choice, a
/// number, a list's item and a nested object changed on screens made from a schema, the file saved with its
/// comment and unknown keys, and valid by Python's `jsonschema`.
@Suite(.serialized) struct EditSessionTests {
    /// Prettier's `.prettierrc` schema (SchemaStore's `prettierrc.json`, draft-07), cut to the
    /// keywords it uses: `definitions` and `$ref`, an `allOf` of them in a `oneOf` with a
    /// string, `oneOf`s and an `anyOf` of enums, booleans, integers and arrays.
    static let prettier = #"""
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "definitions": {
            "optionsDefinition": {
              "type": "object",
              "properties": {
                "arrowParens": {"description": "Include parentheses around a sole arrow function parameter.", "default": "always",
                  "oneOf": [{"enum": ["always"], "description": "Always include parens."}, {"enum": ["avoid"], "description": "Omit parens when possible."}]},
                "bracketSpacing": {"description": "Print spaces between brackets.", "default": true, "type": "boolean"},
                "parser": {"description": "Which parser to use.",
                  "anyOf": [{"enum": ["flow"]}, {"enum": ["babel"]}, {"enum": ["typescript"]}, {"type": "string", "description": "Custom parser"}]},
                "plugins": {"description": "Add a plugin.", "default": [], "type": "array", "items": {"type": "string"}},
                "printWidth": {"description": "The line length where Prettier will try wrap.", "default": 80, "type": "integer"},
                "semi": {"description": "Print semicolons.", "default": true, "type": "boolean"},
                "tabWidth": {"description": "Number of spaces per indentation level.", "default": 2, "type": "integer"},
                "trailingComma": {"description": "Print trailing commas wherever possible when multi-line.", "default": "all",
                  "oneOf": [{"enum": ["all"]}, {"enum": ["es5"]}, {"enum": ["none"]}]}
              }
            },
            "overridesDefinition": {
              "type": "object",
              "properties": {"overrides": {"type": "array", "description": "Provide a list of patterns to override prettier configuration.",
                "items": {"type": "object", "required": ["files"], "properties": {"files": {"type": "string"}}}}}
            }
          },
          "oneOf": [
            {"type": "object", "allOf": [{"$ref": "#/definitions/optionsDefinition"}, {"$ref": "#/definitions/overridesDefinition"}]},
            {"type": "string"}
          ],
          "title": "Schema for .prettierrc"
        }
        """#

    /// Whether `file` (its `//` comment lines left out) is valid by `schema`, as Python's
    /// `jsonschema` judges it: "valid", or its error.
    func validated(_ file: String, by schema: String) throws -> String {
        let script = """
            import json, sys, jsonschema
            text = "".join(line for line in open(sys.argv[1]) if not line.lstrip().startswith("//"))
            jsonschema.validate(json.loads(text), json.load(open(sys.argv[2])))
            print("valid")
            """
        return try HostCommand.run(["sh", "-c", "python3 -c \"$0\" \"$1\" \"$2\" 2>&1", script, file, schema]).output
    }

    @Test func aBooleanAChoiceANumberAndAListItemAreSavedValidWithTheFilesCommentAndKeys() throws {
        let files = try Fixtures([
            "prettierrc.schema.json": Self.prettier,
            ".prettierrc.json": "{\n  // the team's style\n  \"semi\": true,\n  \"plugins\": [\"prettier-plugin-x\"]\n}\n",
        ])
        let file = files.path(".prettierrc.json")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", files.path("prettierrc.schema.json")], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> arrowParens") && Tmux.flowed($0).contains("[x] semi") }
        // The description of the selected row is its preview.
        #expect(Tmux.flowed(try tmux.screen()).contains("Include parentheses around a sole arrow function parameter."))
        // A list of objects is shown with why it is not edited here.
        #expect(Tmux.flowed(try tmux.screen()).contains("unset — a list of objects"))
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("‹ avoid ›") }
        // A list of strings is typed with commas: an item added.
        try tmux.send("j", "j", "j")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > plugins") && $0.hasSuffix(" prettier-plugin-x") } }
        try tmux.send("Enter")
        try tmux.send(contentsOf: [",", "Space", "p", "-", "y", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > plugins") && $0.hasSuffix(" prettier-plugin-x, p-y") } }
        try tmux.send("j", "j")
        try tmux.waitFor { Tmux.flowed($0).contains("> [x] semi") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("> [ ] semi") }
        try tmux.send("j")
        try tmux.waitFor { Tmux.flowed($0).contains("> tabWidth") }
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["1", "0", "0", "x", "Enter"])
        try tmux.waitFor { Tmux.flowed($0).contains("expected a whole number") }
        try tmux.send(contentsOf: ["BSpace", "BSpace", "BSpace", "BSpace", "4", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > tabWidth") && $0.hasSuffix(" 4") } }
        try tmux.send("j", "Left")
        try tmux.waitFor { Tmux.flowed($0).contains("‹ none ›") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.hasPrefix("{\n  // the team's style\n  \"semi\": false,\n  \"plugins\": [\"prettier-plugin-x\",\"p-y\"]"), "\(saved)")
        for pair in [#""arrowParens": "avoid""#, #""tabWidth": 4"#, #""trailingComma": "none""#] {
            #expect(saved.contains(pair), "\(saved)")
        }
        #expect(try validated(file, by: files.path("prettierrc.schema.json")) == "valid\n")
    }

    @Test func aNestedObjectOpensItsScreenAndItsValueIsSavedInPlaceFromTheFilesOwnSchema() throws {
        let files = try Fixtures([
            "schema.json": #"""
                {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Editor",
                 "$defs": {"font": {"type": "object", "title": "Font", "properties": {
                   "size": {"type": "integer", "minimum": 6, "maximum": 72, "default": 12},
                   "ligatures": {"type": "boolean", "description": "Join => and != into one glyph."}}}},
                 "properties": {"font": {"$ref": "#/$defs/font"}, "name": {"type": "string", "minLength": 1}},
                 "required": ["name"]}
                """#,
            "editor.json": #"{"$schema": "schema.json", "name": "mine", "font": {"size": 14}, "unknown": [1, 2]}"#,
        ])
        let file = files.path("editor.json")
        let tmux = try Tmux([Paths.segue, "edit", file], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> Font") && Tmux.flowed($0).contains("2 settings") }
        try tmux.send("Enter")
        // The schema's order: size, then ligatures.
        try tmux.waitFor { Tmux.flowed($0).contains("editor.json › Font") && Tmux.flowed($0).contains("> size") }
        try tmux.send("j")
        try tmux.waitFor { Tmux.flowed($0).contains("> [ ] ligatures") && Tmux.flowed($0).contains("Join => and != into one glyph.") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("> [x] ligatures") }
        try tmux.send("k", "Enter", "BSpace", "BSpace", "9", "9", "Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("expected a whole number from 6 to 72") }
        try tmux.send("Escape")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > size") && $0.hasSuffix(" 14") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        #expect((saved?["font"] as? [String: Any])?["ligatures"] as? Bool == true)
        #expect((saved?["font"] as? [String: Any])?["size"] as? Int == 14)
        #expect(saved?["unknown"] as? [Int] == [1, 2])
        #expect(try validated(file, by: files.path("schema.json")) == "valid\n")
    }
}
