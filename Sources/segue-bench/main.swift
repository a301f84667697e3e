import Glibc

// `segue-bench [ROWS…]`: for each size, the time to load a spec, draw the first frame and answer
// End and Down, and the peak memory of a process doing it, next to fzf reading the same rows.
// `segue-bench --probe SPEC` measures the steps in a child process; `--startup SPEC` only loads
// and draws the first frame, so its wall time and peak memory compare with fzf's; `--hostile`
// runs only the hostile inputs.

let arguments = Array(CommandLine.arguments.dropFirst())

// `segue-bench --hostile`: only the hostile inputs, beside the release `segue`.
if arguments == ["--hostile"] {
    mkdir(".build/bench", 0o755)
    HostileInputs.print(folder: ".build/bench")
    exit(0)
}

if arguments.count == 2, arguments[0] == "--preview" {
    do {
        let result = try PreviewProbe.run(spec: arguments[1])
        print("\(result.without) \(result.text) \(result.command)")
        exit(0)
    } catch {
        fail("\(error)")
    }
}

if arguments.count == 2, arguments[0] == "--editor" {
    do {
        let result = try EditorProbe.run(spec: arguments[1])
        print("\(result.open) \(result.key) \(result.promptKey)")
        exit(0)
    } catch {
        fail("\(error)")
    }
}

if arguments.count == 3, arguments[0] == "--find" {
    do {
        let result = try FindProbe.run(spec: arguments[1], query: arguments[2])
        print("\(result.fresh) \(result.lastKey) \(result.matches)")
        exit(0)
    } catch {
        fail("\(error)")
    }
}

// `segue-bench --scan FILE QUERY`: the byte look at each line of FILE for QUERY, on one thread.
if arguments.count == 3, arguments[0] == "--scan" {
    guard let result = ScanProbe.run(file: arguments[1], query: arguments[2]) else { fail("cannot read \(arguments[1])") }
    print("\(result.seconds) \(result.mayMatch)")
    exit(0)
}

// `segue-bench --rank FILE QUERY`: the whole of a ranked find's work on each line, on one thread.
if arguments.count == 3 || arguments.count == 4, arguments[0] == "--rank" {
    let passes = arguments.count == 4 ? Int(arguments[3]) ?? 7 : 7
    guard let result = ScanProbe.rank(file: arguments[1], query: arguments[2], passes: passes) else { fail("cannot read \(arguments[1])") }
    print("\(result.seconds) \(result.matches)")
    exit(0)
}

// `segue-bench --keys SPEC QUERY`: each key's time, typed one at a time into a fresh find.
if arguments.count == 3, arguments[0] == "--keys" {
    do {
        print(try FindProbe.keys(spec: arguments[1], query: arguments[2]).map { Report.time($0) }.joined(separator: " "))
        exit(0)
    } catch {
        fail("\(error)")
    }
}

if arguments.first == "--frecency" {
    do {
        let result = try FrecencyProbe.run(folder: arguments.count > 1 ? arguments[1] : ".build/bench")
        print("\(result.plain) \(result.ordered)")
        exit(0)
    } catch {
        fail("\(error)")
    }
}

if arguments.count == 2, ["--probe", "--startup", "--stream"].contains(arguments[0]) {
    do {
        if arguments[0] == "--probe" {
            print(try Probe.run(spec: arguments[1]).line)
        } else if arguments[0] == "--stream" {
            let result = try StreamProbe.run(lines: arguments[1])
            print("\(result.firstRows) \(result.allLoaded) \(result.items)")
        } else {
            try Probe.startup(spec: arguments[1])
        }
        exit(0)
    } catch {
        fail("\(error)")
    }
}

let sizes = arguments.compactMap { Int($0) }.filter { $0 > 0 }
let folder = ".build/bench"
mkdir(".build", 0o755)
mkdir(folder, 0o755)

if arguments.first == "--paths" {
    // Only the piped paths against the current fzf and the system's (issue 42's figures).
    PathsReport.print(folder: folder, sizes: arguments.dropFirst().compactMap { Int($0) }.isEmpty
        ? [100_000, 1_000_000] : arguments.dropFirst().compactMap { Int($0) })
    exit(0)
}
// `segue-bench --queries`: only the queries over the bench's short rows, pasted and a key at a time.
if arguments.first == "--queries" {
    QueryReport.print(folder: folder)
    exit(0)
}
// `segue-bench --walker [FILES]`: only the file walker against fzf's (and fdfind).
if arguments.first == "--walker" {
    WalkerReport.print(folder: folder, files: arguments.dropFirst().compactMap { Int($0) }.first ?? 100_000)
    exit(0)
}
// `segue-bench --interactive [ROWS]`: only the figures measured in a pseudo-terminal.
if arguments.first == "--interactive" {
    let files = BenchFiles(rows: sizes.max() ?? 1_000_000, folder: folder)
    do { try files.generate() } catch { fail("\(error)") }
    InteractiveReport.print(folder: folder, largest: files)
    QueryReport.print(folder: folder)
    let jsonl = "\(folder)/rows-\(files.rows).jsonl"
    do { try files.writeJSONL(to: jsonl) } catch { fail("\(error)") }
    InteractiveReport.printStream(folder: folder, rows: files.rows, jsonl: jsonl, lines: files.lines)
    exit(0)
}
Report.header()
for rows in sizes.isEmpty ? [1_000, 100_000, 1_000_000] : sizes {
    let files = BenchFiles(rows: rows, folder: folder)
    do {
        try files.generate()
    } catch {
        fail("\(error)")
    }
    Report.row(Measurement.take(files))
}
/// Loads `spec` in a probe process of its own and prints its figures for `rows` rows.
func printProbe(rows: Int, label: String = "", spec makeSpec: () throws -> String) {
    do {
        let spec = try makeSpec()
        let result = MeasuredProcess.run([CommandLine.arguments[0], "--probe", spec])
        guard result.status == 0, let probe = ProbeResult(line: result.output.trimmed) else { fail("probe failed on \(spec)") }
        print("  \(rows) rows\(label): load \(Report.time(probe.load)), 1st frame \(Report.time(probe.firstFrame)), "
              + "End \(Report.time(probe.endKey)), Down \(Report.time(probe.downKey)), "
              + "peak RSS \(Report.bytes(result.peakMemory))")
    } catch {
        fail("\(error)")
    }
}
print("\nGenerated rows (forEach over a data file, subtitle cells, bound as drawn):")
for rows in [1_000, 100_000] {
    printProbe(rows: rows) { try BenchFiles.generated(rows: rows, folder: folder) }
}
print("\nTemplated rows (every title and detail a template, bound as drawn):")
let templatedRows = sizes.max() ?? 1_000_000
printProbe(rows: templatedRows) { try BenchFiles.templated(rows: templatedRows, folder: folder) }
print("\nA table (\"columns\": four, widths from the rows on screen and the first screenful) against the same rows without columns:")
for columns in [false, true] {
    printProbe(rows: templatedRows, label: columns ? " in columns" : " without") {
        try BenchFiles.table(rows: templatedRows, columns: columns, folder: folder)
    }
}
print("\nYAML specs: the largest spec written as YAML, loaded (converted by libyaml, then indexed) against the JSON:")
do {
    let files = BenchFiles(rows: templatedRows, folder: folder)
    try files.generate()
    let json = MeasuredProcess.run([CommandLine.arguments[0], "--probe", files.spec])
    let yaml = MeasuredProcess.run([CommandLine.arguments[0], "--probe", try files.writeYAML()])
    guard json.status == 0, yaml.status == 0, let jsonLoad = ProbeResult(line: json.output.trimmed)?.load,
          let yamlLoad = ProbeResult(line: yaml.output.trimmed)?.load else { fail("YAML probe failed: \(yaml.output)") }
    print("  \(templatedRows) rows: YAML \(Report.time(yamlLoad)), peak RSS \(Report.bytes(yaml.peakMemory)); "
          + "JSON \(Report.time(jsonLoad)), peak RSS \(Report.bytes(json.peakMemory)); "
          + "YAML takes \(Int((yamlLoad / jsonLoad).rounded()))x as long")
} catch {
    fail("\(error)")
}
print("\nFinding rows: keystroke to filtered frame on the largest spec, against `fzf --filter` on the same lines:")
let findRows = sizes.isEmpty ? 1_000_000 : (sizes.max() ?? 1_000_000)
let findFiles = BenchFiles(rows: findRows, folder: folder)
for query in ["7", "i12", "tem 45", "#12345"] {
    let probe = MeasuredProcess.run([CommandLine.arguments[0], "--find", findFiles.spec, query])
    let values = probe.output.split(separator: " ").compactMap { Double(String($0).trimmed) }
    let reference = MeasuredProcess.run([Fzf.current, "--filter", query], input: findFiles.lines, keepingOutput: false)
    let fzfMatches = reference.lines
    guard probe.status == 0, values.count == 3 else { fail("find probe failed: \(probe.output)") }
    print("  \"\(query)\" over \(findRows) rows: \(Int(values[2])) matches in \(Report.time(values[0])) typed at once, "
          + "last key \(Report.time(values[1])) (narrowing), peak RSS \(Report.bytes(probe.peakMemory)); "
          + "fzf: \(fzfMatches) matches in \(Report.time(reference.seconds)), peak RSS \(Report.bytes(reference.peakMemory))")
}
if let calendar = Optional("specs/demo/calendar.json") {
    let probe = MeasuredProcess.run([CommandLine.arguments[0], "--find", calendar, "mon 1"])
    let values = probe.output.split(separator: " ").compactMap { Double(String($0).trimmed) }
    if values.count == 3 {
        print("  the 365-row calendar, \"mon 1\": \(Int(values[2])) matches, last key \(Report.time(values[1])), "
              + "typed at once \(Report.time(values[0]))")
    }
}

/// The three figures a probe (`--preview`, `--editor`) prints for `spec`, run in a process of its own.
func probeFigures(_ flag: String, _ spec: String) -> [Double] {
    let probe = MeasuredProcess.run([CommandLine.arguments[0], flag, spec])
    let values = probe.output.split(separator: " ").compactMap { Double(String($0).trimmed) }
    guard probe.status == 0, values.count == 3 else { fail("\(flag) probe failed: \(probe.output)") }
    return values
}

print("\nPreview pane: Down and a frame at 120x40 (the pane beside the list), mean of 1000:")
for spec in ["specs/demo/calendar.json", findFiles.spec] {
    let values = probeFigures("--preview", spec)
    print("  \(spec.hasSuffix("calendar.json") ? "the 365-row calendar" : "\(findRows) rows"): no preview "
          + "\(Report.time(values[0])), a text preview \(Report.time(values[1])), a command preview "
          + "\(Report.time(values[2])) (its command waits for the selection to rest)")
}

print("\nLine editor: an input row above the spec's rows at 120x40, mean of 1000 (update and frame):")
for spec in ["specs/demo/calendar.json", findFiles.spec] {
    let values = probeFigures("--editor", spec)
    print("  \(spec.hasSuffix("calendar.json") ? "the 365-row calendar" : "\(findRows) rows"): open the editor "
          + "\(Report.time(values[0])), a key while editing \(Report.time(values[1])) (1,000 typed, the field scrolling), "
          + "a key in a prompt \(Report.time(values[2]))")
}

print("\nFrecency: a 100,000-row launcher opening (its screen made and drawn at 120x40, mean of 20):")
let frecency = MeasuredProcess.run([CommandLine.arguments[0], "--frecency", folder])
let frecencyFigures = frecency.output.split(separator: " ").compactMap { Double(String($0).trimmed) }
guard frecency.status == 0, frecencyFigures.count == 2 else { fail("frecency probe failed: \(frecency.output)") }
print("  nothing remembered \(Report.time(frecencyFigures[0])), 1,000 rows chosen before and ordered by frecency "
      + "\(Report.time(frecencyFigures[1])) (the order costs \(Report.time(frecencyFigures[1] - frecencyFigures[0])))")

InteractiveReport.print(folder: folder, largest: findFiles)
QueryReport.print(folder: folder)
PathsReport.print(folder: folder)
WalkerReport.print(folder: folder)

print("\nA live section streaming jsonl through `cat` (rows bound as drawn), against fzf on the same lines:")
for rows in sizes.isEmpty ? [1_000_000] : [sizes.max() ?? 1_000_000] {
    let files = BenchFiles(rows: rows, folder: folder)
    let jsonl = "\(folder)/rows-\(rows).jsonl"
    do {
        try files.writeJSONL(to: jsonl)
    } catch {
        fail("\(error)")
    }
    let stream = MeasuredProcess.run([CommandLine.arguments[0], "--stream", jsonl])
    defer { InteractiveReport.printStream(folder: folder, rows: rows, jsonl: jsonl, lines: files.lines) }
    let values = stream.output.split(separator: " ").compactMap { Double(String($0).trimmed) }
    let reference = MeasuredProcess.run([Fzf.current, "--filter", "qqqzzzqqq"], input: jsonl)
    guard stream.status == 0, values.count == 3 else { fail("stream probe failed: \(stream.output)") }
    print("  \(Int(values[2])) items: first rows \(Report.time(values[0])), all loaded \(Report.time(values[1])), "
          + "peak RSS \(Report.bytes(stream.peakMemory)); fzf: \(Report.time(reference.seconds)), "
          + "peak RSS \(Report.bytes(reference.peakMemory))")
}
HostileInputs.print(folder: folder)
Report.footer()

/// Prints `message` on stderr and exits 1.
func fail(_ message: String) -> Never {
    let line = "segue-bench: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}
