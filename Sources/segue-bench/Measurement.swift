import Glibc

/// The medians of several runs of the segue probe and of fzf on one size.
struct Measurement {
    static let runs = 5

    var files: BenchFiles
    var probe: ProbeResult
    var segueSeconds: Double
    var segueMemory: Int
    var fzfSeconds: Double?
    var fzfMemory: Int?

    static func take(_ files: BenchFiles) -> Measurement {
        let executable = CommandLine.arguments[0]
        var probes: [ProbeResult] = []
        var segue: [MeasuredProcess.Result] = []
        var fzf: [MeasuredProcess.Result] = []
        for _ in 0..<runs {
            let result = MeasuredProcess.run([executable, "--probe", files.spec])
            if result.status == 0, let probe = ProbeResult(line: result.output.trimmed) {
                probes.append(probe)
            }
            let startup = MeasuredProcess.run([executable, "--startup", files.spec])
            if startup.status == 0 { segue.append(startup) }
            // A query nothing matches: fzf reads and matches every line, prints none.
            let reference = MeasuredProcess.run([Fzf.current, "--filter", "qqqzzzqqq"], input: files.lines)
            if reference.status <= 1 { fzf.append(reference) }
        }
        return Measurement(
            files: files,
            probe: ProbeResult(
                load: median(probes.map(\.load)), firstFrame: median(probes.map(\.firstFrame)),
                endKey: median(probes.map(\.endKey)), downKey: median(probes.map(\.downKey))),
            segueSeconds: median(segue.map(\.seconds)),
            segueMemory: Int(median(segue.map { Double($0.peakMemory) })),
            fzfSeconds: fzf.isEmpty ? nil : median(fzf.map(\.seconds)),
            fzfMemory: fzf.isEmpty ? nil : Int(median(fzf.map { Double($0.peakMemory) })))
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

extension String {
    var trimmed: String {
        String(self.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }
}
