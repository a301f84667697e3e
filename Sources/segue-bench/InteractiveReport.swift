import Glibc
import SegueCore
import SegueFiles

/// The figures a person feels, measured in a pseudo-terminal for Segue (the binary `make install`
/// installs, beside this one) and fzf alike.
enum InteractiveReport {
    /// Runs of the 20-row menu: a start of a few milliseconds varies by a tenth from run to run.
    static let menuRuns = 41

    static func print(folder: String, largest: BenchFiles) {
        let segue = siblingExecutable("segue")
        Swift.print("\nWhat a person sees (a pseudo-terminal of 80x24; from exec until the text is on the screen):")
        // A 20-row menu: the most common run, `choice=$(segue menu.json)`.
        let menu = "\(folder)/menu-20.json"
        let menuLines = "\(folder)/menu-20.txt"
        writeMenu(spec: menu, lines: menuLines)
        // Taken in turns, so what else the machine does weighs on both alike.
        let (segueMenu, fzfMenu) = Interactive.medians(runs: menuRuns,
                                                       { Interactive.run([segue, menu], until: "the last row") },
                                                       { Interactive.run([Fzf.current], input: menuLines, until: "the last row") })
        Swift.print("  20-row menu, last row on screen (median of \(menuRuns), in turns): segue \(time(segueMenu)), fzf \(time(fzfMenu))"
                    + ratio(segueMenu.seconds, fzfMenu.seconds))
        breakdown(segue: segue, menu: menu, folder: folder)
        let segueVersion = meanSeconds(runs: 20) { MeasuredProcess.run([segue, "--version"]) }
        let fzfVersion = meanSeconds(runs: 20) { MeasuredProcess.run([Fzf.current, "--version"]) }
        Swift.print("  --version (mean of 20): segue \(Report.time(segueVersion)), fzf \(Report.time(fzfVersion))"
                    + ratio(segueVersion, fzfVersion))
        // The largest spec: its first screen drawn, against fzf reading every line.
        let lastOnScreen = "Item 21"
        let segueLarge = Interactive.median(runs: 3) { Interactive.run([segue, largest.spec], until: lastOnScreen) }
        let count = "\(largest.rows)/\(largest.rows)"
        let fzfLarge = Interactive.median(runs: 3) { Interactive.run([Fzf.current], input: largest.lines, until: count) }
        Swift.print("  \(largest.rows)-row spec, its first screen (\"\(lastOnScreen)\"): segue \(time(segueLarge)), "
                    + "peak RSS \(Report.bytes(segueLarge.peakMemory)); fzf all loaded (\"\(count)\"): \(time(fzfLarge)), "
                    + "peak RSS \(Report.bytes(fzfLarge.peakMemory))" + ratio(segueLarge.seconds, fzfLarge.seconds))
        printTable(segue: segue, rows: largest.rows, folder: folder)
    }

    /// A table of `rows` rows (four columns) against the same rows without columns: its first
    /// screen, and End, as a person sees them. fzf has no tables to compare with.
    private static func printTable(segue: String, rows: Int, folder: String) {
        var figures: [(first: Interactive.Result, end: Interactive.Result)] = []
        for columns in [false, true] {
            guard let spec = try? BenchFiles.table(rows: rows, columns: columns, folder: folder) else { return }
            // Row 20 is on the first screen either way (the table's header line takes one).
            let first = Interactive.median(runs: 3) { Interactive.run([segue, spec], until: "worker --id 20") }
            // End, from the key until the last row is on the screen.
            let end = Interactive.median(runs: 3) {
                Interactive.typed([segue, spec], typing: .init(ready: "worker --id 20", steps: [("\u{1B}[F", "worker --id \(rows)")])).last
                    ?? Interactive.Result(seconds: nil, peakMemory: 0)
            }
            figures.append((first, end))
        }
        guard figures.count == 2 else { return }
        Swift.print("  \(rows)-row table (four columns) against the same rows without: first screen \(time(figures[1].first)) / \(time(figures[0].first))"
                    + ratio(figures[1].first.seconds, figures[0].first.seconds) + "; to End and its frame \(time(figures[1].end)) / \(time(figures[0].end))"
                    + ratio(figures[1].end.seconds, figures[0].end.seconds))
    }

    /// A live section streaming the largest size's items as jsonl through `cat`, all loaded (the
    /// scroll indicator counts every row), against fzf reading the same lines.
    static func printStream(folder: String, rows: Int, jsonl: String, lines: String) {
        let segue = siblingExecutable("segue")
        let spec = "\(folder)/stream-\(rows).json"
        // The command runs in the spec's folder: the file's path from there is its name.
        let name = jsonl.split(separator: "/").last.map(String.init) ?? jsonl
        write("""
            {"title": "Stream", "sections": [{"source": {"command": ["cat", "\(name)"], "format": "jsonl"},
              "as": "it", "row": {"title": "{{it.title}}", "detail": "{{it.detail}}"}}]}
            """, to: spec)
        let segueStream = Interactive.median(runs: 3) { Interactive.run([segue, spec], until: "1/\(rows)") }
        let fzfStream = Interactive.median(runs: 3) { Interactive.run([Fzf.current], input: lines, until: "\(rows)/\(rows)") }
        Swift.print("  the same in a pseudo-terminal, until every row is counted on screen (\"1/\(rows)\"): segue \(time(segueStream)), peak RSS "
                    + "\(Report.bytes(segueStream.peakMemory)); fzf until \"\(rows)/\(rows)\" \(time(fzfStream)), peak RSS \(Report.bytes(fzfStream.peakMemory))"
                    + ratio(segueStream.seconds, fzfStream.seconds) + ", memory"
                    + ratio(Double(segueStream.peakMemory), Double(fzfStream.peakMemory)))
        // `cmd | segue`: the same lines on standard input, a picker with its find line open.
        let seguePicker = Interactive.median(runs: 3) { Interactive.run([segue], input: lines, until: "\(rows)/\(rows)") }
        Swift.print("  the same lines on standard input (segue as a picker, as cmd | segue), until every line is counted (\"\(rows)/\(rows)\"): "
                    + "segue \(time(seguePicker)), peak RSS \(Report.bytes(seguePicker.peakMemory)); fzf \(time(fzfStream))"
                    + ratio(seguePicker.seconds, fzfStream.seconds) + ", memory"
                    + ratio(Double(seguePicker.peakMemory), Double(fzfStream.peakMemory)))
    }

    /// Where a 20-row menu's start-up goes: the marks `SEGUE_STARTUP_TRACE` makes, medians of 9 runs.
    private static func breakdown(segue: String, menu: String, folder: String) {
        let trace = "\(folder)/startup-trace.txt"
        var steps: [String: [Double]] = [:]
        var order: [String] = []
        for _ in 0..<9 {
            unlink(trace)
            let result = Interactive.run([segue, menu], until: "the last row", environment: ["SEGUE_STARTUP_TRACE": trace])
            guard let seen = result.seconds, let text = readText(trace) else { continue }
            var previous = (label: "exec", time: result.started)
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count >= 2, let time = Double(parts[parts.count - 1]) else { continue }
                let label = parts.dropLast().joined(separator: " ")
                let step = "\(previous.label)→\(label)"
                if steps[step] == nil { order.append(step) }
                steps[step, default: []].append(time - previous.time)
                previous = (label, time)
            }
            let step = "\(previous.label)→on screen"
            if steps[step] == nil { order.append(step) }
            steps[step, default: []].append(result.started + seen - previous.time)
        }
        let parts = order.map { step -> String in
            let values = (steps[step] ?? []).sorted()
            return "\(step) \(values.isEmpty ? "?" : Report.time(values[values.count / 2]))"
        }
        Swift.print("    start-up of segue, medians: " + parts.joined(separator: ", "))
    }

    private static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return (try? DescriptorReading.readAll(fd).get()).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A spec of 20 rows and the same rows as lines; the 20th is "the last row".
    private static func writeMenu(spec: String, lines: String) {
        let titles = (1...19).map { "choice number \($0)" } + ["the last row"]
        let rows = titles.map { "{\"title\": \"\($0)\", \"action\": \"emit\"}" }.joined(separator: ",\n")
        write("{\"title\": \"Menu\", \"sections\": [{\"rows\": [\n\(rows)\n]}]}\n", to: spec)
        // fzf lists the first line at the bottom: the last row is at the top, drawn last or not.
        write(titles.joined(separator: "\n") + "\n", to: lines)
    }

    static func write(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// An executable built beside this one (`segue`, in the same build folder).
    static func siblingExecutable(_ name: String) -> String {
        let path = CommandLine.arguments[0]
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    private static func meanSeconds(runs: Int, _ body: () -> MeasuredProcess.Result) -> Double {
        (0..<runs).map { _ in body().seconds }.reduce(0, +) / Double(runs)
    }

    private static func time(_ result: Interactive.Result) -> String {
        result.seconds.map(Report.time) ?? "never"
    }

    static func ratio(_ segue: Double?, _ fzf: Double?) -> String {
        guard let segue, let fzf, fzf > 0 else { return "" }
        let hundredths = Int((segue / fzf * 100).rounded())
        return " (\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)×)"
    }
}
