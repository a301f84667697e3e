import Foundation
import Testing

/// The JSON Schema (docs/segue.schema.json, `segue schema`) checked with a real validator
/// (Python's jsonschema): every spec in specs/ is valid, and what the loader rejects for its
/// shape, the schema rejects too.
@Suite(.serialized) struct SchemaTests {
    /// Specs the loader rejects for their shape (each also loads as JSON).
    let rejected = [
        #"{"sections": {"rows": []}}"#,
        #"{"title": 3, "sections": []}"#,
        #"{"sections": [{"rows": [{"title": "A", "enabled": "yes"}]}]}"#,
        #"{"sections": [{"rows": [{"title": ["a"]}]}]}"#,
        #"{"sections": [{"rows": [{"segue": 12}]}]}"#,
        #"{"sections": [{"rows": [{"key": "ab"}]}]}"#,
        #"{"sections": [{"rows": [{"action": {"type": "exec", "command": []}}]}]}"#,
        #"{"sections": [{"rows": [{"options": "S"}]}]}"#,
        #"{"sections": [{"source": {"command": ["ls"], "format": "csv"}}]}"#,
        #"{"sections": [{"source": {"command": ["ls"], "pageSize": 0}}]}"#,
        #"{"sections": [{"source": {"command": ["ls"], "every": 0.1}}]}"#,
        #"{"sections": [{"source": {"command": ["ls"], "file": "x.json"}}]}"#,
        #"{"sections": [{"source": "ls"}]}"#,
        #"{"sections": [{"forEach": "a", "source": {"command": ["ls"]}}]}"#,
        #"{"sections": [{"rows": [{"title": "x", "preview": 3}]}]}"#,
        #"{"sections": [{"rows": [{"title": "x", "actions": [{"key": "e", "action": "emit"}]}]}]}"#,
        #"{"filter": "yes", "sections": []}"#,
        #"{"sort": "best", "sections": []}"#,
        #"{"theme": "neon", "sections": []}"#,
        #"{"keys": {"x": "qiut"}, "sections": []}"#,
        #"{"data": [1], "sections": []}"#,
    ]

    /// Runs the validator on each file; the names of those it finds invalid.
    func invalid(_ files: [String]) throws -> [String] {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for name in sys.argv[2:]:
                if any(True for _ in validator.iter_errors(json.load(open(name)))): print(name)
            """
        let output = try Tmux.run(["python3", "-c", script, Paths.packageRoot + "/docs/segue.schema.json"] + files)
        return output.split(separator: "\n").map(String.init)
    }

    @Test func segueSchemaPrintsTheDocsFile() throws {
        let printed = try Tmux.run([Paths.segue, "schema"])
        let file = try String(contentsOfFile: Paths.packageRoot + "/docs/segue.schema.json", encoding: .utf8)
        #expect(printed == file, "run `make schema` after changing a key's declaration (SpecSchema, a row kind's keys)")
    }

    @Test func everySpecInSpecsIsValid() throws {
        let root = Paths.packageRoot + "/specs"
        let files = try FileManager.default.subpathsOfDirectory(atPath: root)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("demo/data/") && !["demo/broken.json", "demo/wrong-shape.json"].contains($0) }
            .map { root + "/" + $0 }
        #expect(files.count > 10)
        #expect(try invalid(files) == [])
        // The demo's wrong shape is wrong to the schema too.
        #expect(try invalid([root + "/demo/wrong-shape.json"]) == [root + "/demo/wrong-shape.json"])
    }

    @Test func whatTheLoaderRejectsTheSchemaRejects() throws {
        let names = rejected.indices.map { "bad\($0).json" }
        let specs = try Fixtures(Dictionary(uniqueKeysWithValues: zip(names, rejected)))
        for name in names {
            let status = try HostCommand.run([Paths.segue, "check", specs.path(name)]).status
            #expect(status == 65, "the loader accepts \(name)")
        }
        let paths = names.map(specs.path)
        #expect(try Set(invalid(paths)) == Set(paths))
    }
}
