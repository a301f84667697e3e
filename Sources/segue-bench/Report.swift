/// The benchmark table on stdout.
enum Report {
    static let columns: [(String, Int)] = [
        ("rows", 9), ("spec", 9), ("load", 10), ("1st frame", 10), ("End key", 10), ("Down key", 10),
        ("segue total", 12), ("segue RSS", 10), ("fzf total", 10), ("fzf RSS", 10),
    ]

    static func header() {
        print("Segue benchmark: load a spec, draw the first 80x24 frame, press End, press Down (mean of 1000).")
        print("'segue total' and 'RSS': wall time and peak memory of a process that loads the spec and draws the")
        print("first frame; 'fzf': `fzf --filter` reading and matching the same rows as lines. Medians of \(Measurement.runs) runs.\n")
        print(line(columns.map(\.0)))
    }

    static func row(_ measurement: Measurement) {
        let probe = measurement.probe
        print(line([
            count(measurement.files.rows), bytes(measurement.files.specBytes),
            time(probe.load), time(probe.firstFrame), time(probe.endKey), time(probe.downKey),
            time(measurement.segueSeconds), bytes(measurement.segueMemory),
            measurement.fzfSeconds.map(time) ?? "n/a", measurement.fzfMemory.map(bytes) ?? "n/a",
        ]))
    }

    static func footer() {
        print("\nTimes: s, ms or µs; sizes in MB (10^6 bytes) or KB.")
    }

    private static func line(_ cells: [String]) -> String {
        zip(cells, columns).map { cell, column in
            String(repeating: " ", count: max(1, column.1 - cell.count)) + cell
        }.joined()
    }

    private static func count(_ rows: Int) -> String {
        rows >= 1_000_000 ? "\(rows / 1_000_000)M" : rows >= 1000 ? "\(rows / 1000)k" : "\(rows)"
    }

    static func time(_ seconds: Double) -> String {
        if seconds.isNaN { return "n/a" }
        if seconds >= 1 { return format(seconds, "s") }
        if seconds >= 0.001 { return format(seconds * 1000, "ms") }
        return format(seconds * 1_000_000, "µs")
    }

    static func bytes(_ count: Int) -> String {
        count >= 1_000_000 ? format(Double(count) / 1e6, "MB") : format(Double(count) / 1e3, "KB")
    }

    private static func format(_ value: Double, _ unit: String) -> String {
        let rounded = value >= 100 ? "\(Int(value.rounded()))" : "\(Double(Int(value * 10)) / 10)"
        return rounded + " " + unit
    }
}
