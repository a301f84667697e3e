// libFuzzer targets for the parsers that read what other people write, in the spec language and
// beneath it: built by `make fuzz` (and briefly by `make test`) over SegueJSON, SegueText,
// SegueSpec and SegueYAML alone (libyaml linked), so a parser that came to need the core would
// not link. `swiftc -sanitize=fuzzer,address -parse-as-library`. FUZZ_TARGET picks the target:
// json, template, keypath, keys, yaml. The spec loader, sources and schemas, which need the core's
// row kinds and screens, are `CoreTargets.swift`'s.
#if canImport(Glibc)
import Glibc
#endif
@testable import SegueSpec
@testable import SegueYAML

/// The target this run fuzzes, read once.
private let target: String = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? "json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch target {
    case "json":
        _ = try? JSONParser.parse(bytes)
        _ = try? JSONParser.validate(bytes)
    case "template":
        let text = String(decoding: bytes, as: UTF8.self)
        let context = DataContext(layers: [.object(["a": .object(["b": .string("x")]), "n": .number("3")])])
        let template = Template(text)
        _ = template.render(in: context)
        _ = template.value(in: context)
        _ = template.missingPaths(in: context)
        _ = template.conditionPaths
        _ = template.problems
        _ = RowBinder.attributeCycle(in: ["title": .string(text), "a": "{{title}}"])
    case "keypath":
        let path = DataPath(String(decoding: bytes, as: UTF8.self))
        _ = path.resolve(in: .object(["a": .array([.object(["b": .number("1")])])]))
    case "keys":
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
        _ = EscapeSequenceDecoder.decode(Array(scalars))
    case "yaml":
        // Anchors, aliases and merge keys: a bomb must be refused within the run's 2 s.
        if let json = try? YAMLDocument.json(bytes) {
            _ = try? JSONParser.parse(json.bytes)
            // Where an offset came from: the YAML converted again, recording origins.
            _ = json.location(of: json.bytes.count / 2)
        }
        _ = try? YAMLDocument.root(of: bytes)
        _ = YAMLReadings.notes(bytes)
    default:
        break
    }
    return 0
}
