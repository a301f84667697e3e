// libFuzzer targets over the whole core: a spec loaded and driven (its rows checked by the core's
// row kinds, keys pressed, the screen drawn), sources parsed, a JSON Schema's screens and checks.
// Built by `make fuzz` (and briefly by `make test`) over every layer and SegueYAML (libyaml
// linked). FUZZ_TARGET picks the target: spec, sources, schema. The parsers beneath the core are
// `ParserTargets.swift`'s.
#if canImport(Glibc)
import Glibc
#endif
@testable import SegueCore

/// The target this run fuzzes, read once.
private let target: String = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? "spec"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch target {
    case "spec":
        // A file in no folder: includes and data files are not found, so only these bytes count.
        if let spec = try? SpecLoader().parse(bytes: bytes, file: "/nonexistent/fuzz/spec.json") {
            var state = AppState(root: spec, size: Size(width: 40, height: 10))
            for key: Key in [.down, .end, .char("/"), .char("a"), .enter] { _ = update(&state, .key(key)) }
            _ = render(state, size: state.size)
        }
    case "sources":
        for format in SourceSpec.Format.allCases {
            var parser = SourceParser(format: format)
            let half = bytes.count / 2
            _ = try? parser.feed(bytes[..<half])
            _ = try? parser.feed(bytes[half...])
            _ = try? parser.finish()
        }
    case "schema":
        fuzzSchema(bytes)
    default:
        break
    }
    return 0
}

/// A schema's screens (the top one, and the screens its rows open, a few levels down) and its
/// check of a few documents, the schema itself among them: every walk over a schema must end
/// within the run's 2 s, whatever its `$ref`s name.
private func fuzzSchema(_ bytes: [UInt8]) {
    guard let schema = try? JSONParser.parse(bytes), schema.isObject else { return }
    let screens = SchemaScreens(schema: schema, order: (try? JSONKeyOrder(bytes)) ?? JSONKeyOrder(), folder: "/fuzz.screens", title: "fuzz.json")
    var waiting = [screens.first]
    var opened = 0
    while let name = waiting.popLast(), opened < 16 {
        guard let spec = screens.spec(named: name) else { continue }
        opened += 1
        // The screens its rows segue to (`"segue": NAME` or `{"spec": NAME, …}`).
        for row in spec.setting("/sections/0/rows")?.arrayValue ?? [] {
            if let next = row.member("segue")?.stringValue ?? row.member("segue")?.member("spec")?.stringValue { waiting.append(next) }
        }
    }
    let check = SchemaCheck(schema: schema)
    for document: JSONValue in [.object([:]), .array([.number("1"), .string("x")]), .object(["a": .object(["b": .null])]), schema] {
        _ = check.problems(of: document)
    }
}
