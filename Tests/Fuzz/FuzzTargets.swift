// libFuzzer targets for the parsers that read what other people write: built by `make fuzz`
// (and briefly by `make test`) with SegueCore's sources into one binary,
// `swiftc -sanitize=fuzzer,address -parse-as-library`. FUZZ_TARGET picks the target:
// json, spec, template, keypath, keys, sources.
#if canImport(Glibc)
import Glibc
#endif

/// The target this run fuzzes, read once.
private let target: String = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? "json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch target {
    case "json":
        _ = try? JSONParser.parse(bytes)
        _ = try? JSONParser.validate(bytes)
    case "spec":
        // A file in no folder: includes and data files are not found, so only these bytes count.
        if let spec = try? SpecLoader().parse(bytes: bytes, file: "/nonexistent/fuzz/spec.json") {
            var state = AppState(root: spec, size: Size(width: 40, height: 10))
            for key: Key in [.down, .end, .char("/"), .char("a"), .enter] { _ = update(&state, .key(key)) }
            _ = render(state, size: state.size)
        }
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
    case "sources":
        for format in SourceSpec.Format.allCases {
            var parser = SourceParser(format: format)
            let half = bytes.count / 2
            _ = try? parser.feed(bytes[..<half])
            _ = try? parser.feed(bytes[half...])
            _ = try? parser.finish()
        }
    default:
        break
    }
    return 0
}
