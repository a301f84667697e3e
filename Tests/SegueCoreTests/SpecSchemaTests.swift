import Foundation
import Testing
@testable import SegueCore

/// `SpecSchema` declares every key once; the JSON Schema (`segue schema`) and the docs answer to it.
@Suite struct SpecSchemaTests {
    static let schema: JSONValue = {
        let path = DocExampleTests.root + "/docs/segue.schema.json"
        return (try? JSONParser.parse(Array((try? String(contentsOfFile: path, encoding: .utf8))?.utf8 ?? "".utf8))) ?? .null
    }()

    /// The properties the schema gives a place: those of its `$defs` entry, or of its alternatives.
    static func properties(of place: SpecSchema.Place) -> [String: JSONValue] {
        let definitions = schema.member("$defs")
        let definition: JSONValue?
        switch place {
        case .filter: definition = definitions?.member("spec")?.member("properties")?.member("filter")
        default: definition = definitions?.member(place.rawValue)
        }
        var found: [String: JSONValue] = [:]
        if case .object(let members)? = definition?.member("properties") { found.merge(members) { first, _ in first } }
        for key in ["oneOf", "anyOf"] {
            guard case .array(let alternatives)? = definition?.member(key) else { continue }
            for alternative in alternatives {
                if case .object(let members)? = alternative.member("properties") { found.merge(members) { first, _ in first } }
            }
        }
        return found
    }

    @Test func theJSONSchemaHasExactlyTheDeclaredKeysOfEachPlace() {
        for place in SpecSchema.Place.allCases {
            let inSchema = Set(Self.properties(of: place).keys)
            let declared = Set(SpecSchema.names(place))
            #expect(inSchema == declared, "\(place): only in the schema \(inSchema.subtracting(declared).sorted()), only declared \(declared.subtracting(inSchema).sorted())")
        }
    }

    @Test func theJSONSchemaTakesTheDeclaredTypes() {
        for declaration in SpecSchema.declarations where declaration.type != .mixed {
            guard let property = Self.properties(of: declaration.place)[declaration.name] else { continue }
            let types: [String]
            switch property.member("type") {
            case .string(let type)?: types = [type]
            case .array(let list)?: types = list.compactMap(\.stringValue)
            default: continue  // an enum or a reference: checked by the schema's own tests
            }
            #expect(types.contains(declaration.type.rawValue), "\(declaration.place).\(declaration.name): \(types)")
        }
    }

    @Test func everyDeclaredKeyIsInTheDocs() throws {
        let docs = try ["docs/spec-format.md", "docs/actions.md", "docs/sources.md", "docs/library.md", "README.md"]
            .map { try String(contentsOfFile: DocExampleTests.root + "/" + $0, encoding: .utf8) }.joined()
        for place in SpecSchema.Place.allCases {
            for name in SpecSchema.names(place) where name != "$schema" {
                #expect(docs.contains("`\(name)`") || docs.contains("\"\(name)\""), "\(place).\(name) is in no doc")
            }
        }
    }

    @Test func theLoaderWarnsAboutKeysTheSchemaDoesNotDeclare() throws {
        let spec = try loadSpec(#"{"titel": "x", "sections": [{"rows": [{"title": "t", "stpe": 2, "cell": "slider", "setting": "v", "min": 0, "max": 4}]}]}"#,
                                file: "/specs/schema.json")
        #expect(spec.keyWarnings.contains(#"titel: unknown key, ignored; did you mean "title"?"#))
        let state = AppState(root: spec, size: Size(width: 40, height: 8))
        #expect(BindingWarnings.check(state.current).contains(#"sections[0].rows[0].stpe: unknown key, kept as an attribute; did you mean "step"?"#))
    }

    @Test func theDocsTablesListEveryRowKindAndTemplateFunction() throws {
        let format = try String(contentsOfFile: DocExampleTests.root + "/docs/spec-format.md", encoding: .utf8)
        for style in CellStyle.allCases {
            #expect(format.contains("| `\(style.rawValue)`"), "the cell type table has no row for \(style.rawValue)")
        }
        for function in TemplateFunction.allCases {
            #expect(format.contains("`\(function.rawValue)("), "the function table has no row for \(function.rawValue)")
        }
    }
}

/// A key a row kind declares reaches everything that knows keys from that one declaration: the
/// loader's known keys (no typo warning), the kind's own check, and `segue schema`, with its type
/// and description (issue 41: a new key is the kind's file, the docs and a test).
@Suite struct RowKindKeyTests {
    struct RatingKind: RowKindSpec {
        var name: String { "rating" }
        var keys: [SpecSchema.Declaration] {
            [.row("stars", .integer, "How many stars a rating row has (5 by default).", schema: ##"{"type": ["integer", "null"], "minimum": 1}"##)]
        }
    }

    @Test func aKeyAKindDeclaresIsKnownAndInTheSchema() throws {
        let kinds = RowKindCatalog([RowKinds.all[0], RatingKind()])
        #expect(kinds.rowKeys.contains("stars"))
        #expect(kinds.kindKeys == ["stars"])
        #expect(kinds.style(named: "rating") == CellStyle(index: 1))
        let document = try JSONParser.parse(Array(SpecSchema.document(rowKinds: kinds.named).utf8))
        let stars = document.member("$defs")?.member("row")?.member("properties")?.member("stars")
        #expect(stars == .object(["type": .array([.string("integer"), .string("null")]), "minimum": .number("1"),
                                  "description": .string("How many stars a rating row has (5 by default).")]))
        // The built-in kinds' keys, as `segue schema` prints them and docs/segue.schema.json holds them.
        let file = try String(contentsOfFile: DocExampleTests.root + "/docs/segue.schema.json", encoding: .utf8)
        #expect(file == SpecSchema.document + "\n", "run `make schema` after changing a key's declaration")
    }
}
