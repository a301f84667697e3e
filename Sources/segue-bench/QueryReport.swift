import Glibc
import SegueCore

/// Finding as a person feels it: a query typed into the running program, in a pseudo-terminal,
/// until the filtered count is on the screen, against interactive fzf on the same lines in the
/// same run (taken in turns); and the inline start-up and one-shot question beside fzf's and gum's.
enum QueryReport {
    /// Queries of 1 to 12 characters over the bench's rows (`Item N  Section S · #N`).
    static let queries = ["7", "i12", "tem 45", "em45 it", "#1234", "section 9 #9"]
    static let runs = 3

    static func print(folder: String) {
        let segue = InteractiveReport.siblingExecutable("segue")
        Swift.print("\nA query typed into the running program, until the filtered count is on the screen (pseudo-terminal, "
                    + "medians of \(runs) in turns, against interactive fzf on the same lines):")
        let small = BenchFiles(rows: 100_000, folder: folder)
        let large = BenchFiles(rows: 1_000_000, folder: folder)
        do {
            try small.generate()
            try large.generate()
        } catch {
            Swift.print("  (bench files: \(error))")
            return
        }
        // Rows from a command: the lines on standard input, a live section.
        workload("100k lines on standard input (live rows, cmd | segue)", rows: small.rows, lines: small.lines,
                 segue: ([segue], small.lines, "\(small.rows)/\(small.rows)", ""))
        workload("1M rows in a spec", rows: large.rows, lines: large.lines, segue: ([segue, large.spec], nil, "Item 21", "/"))
        perKey(segue: segue, files: large)
        inline(segue: segue, folder: folder)
    }

    /// Each query pasted at once into Segue and into fzf; the ratio of the medians' median.
    private static func workload(_ name: String, rows: Int, lines: String,
                                 segue: (arguments: [String], input: String?, ready: String, opener: String)) {
        var ratios: [Double] = []
        var figures: [String] = []
        for query in queries {
            let until = " \(Fzf.count(query, in: lines))/\(rows)"
            let (ours, theirs) = Interactive.medians(runs: runs, {
                Interactive.lastStep(Interactive.typed(segue.arguments, input: segue.input,
                                       typing: .init(ready: segue.ready, steps: [(segue.opener + query, until)])))
            }, {
                Interactive.lastStep(Interactive.typed([Fzf.current], input: lines, typing: .init(ready: "\(rows)/\(rows)", steps: [(query, until)])))
            })
            if let a = ours.seconds, let b = theirs.seconds, b > 0 { ratios.append(a / b) }
            figures.append("\"\(query)\" \(ours.shown) vs \(theirs.shown)")
        }
        let median = ratios.sorted().dropFirst(ratios.count / 2).first
        Swift.print("  \(name): " + figures.joined(separator: ", ")
                    + (median.map { "; median ratio" + InteractiveReport.ratio($0, 1) } ?? ""))
    }

    /// One character at a time at 1M rows, each awaited: the median and the worst key.
    private static func perKey(segue: String, files: BenchFiles) {
        // Each key changes the count, so each is seen (a key that does not would show at once).
        let query = "12345"
        var steps: [(keys: String, until: String)] = []
        for end in query.indices {
            let prefix = String(query[...end])
            steps.append((String(query[end]), " \(Fzf.count(prefix, in: files.lines))/\(files.rows)"))
        }
        var ourSteps = steps
        ourSteps[0].keys = "/" + ourSteps[0].keys
        let ours = Interactive.typed([segue, files.spec], typing: .init(ready: "Item 21", steps: ourSteps)).dropFirst()
        let theirs = Interactive.typed([Fzf.current], input: files.lines, typing: .init(ready: "\(files.rows)/\(files.rows)", steps: steps))
            .dropFirst()
        func summary(_ results: ArraySlice<Interactive.Result>) -> String {
            let times = results.compactMap(\.seconds).sorted()
            guard !times.isEmpty else { return "never" }
            return "median \(Report.time(times[times.count / 2])), worst \(Report.time(times[times.count - 1]))"
        }
        Swift.print("  1M rows, \"\(query)\" typed a key at a time: segue \(summary(ours)); fzf \(summary(theirs))")
    }

    /// A 20-line picker drawn under the prompt, against `fzf --height 40%`; and a yes/no question.
    private static func inline(segue: String, folder: String) {
        let lines = "\(folder)/menu-20.txt"
        let (ours, theirs) = Interactive.medians(runs: 21, {
            Interactive.run([segue, "--height", "40%"], input: lines, until: "20/20")
        }, {
            Interactive.run([Fzf.current, "--height", "40%"], input: lines, until: "20/20")
        })
        Swift.print("  inline (--height 40%), 20 lines piped, until the count shows (median of 21, in turns): segue \(ours.shown), "
                    + "fzf \(theirs.shown)" + InteractiveReport.ratio(ours.seconds, theirs.seconds))
        let confirm = Interactive.median(runs: 21) { Interactive.run([segue, "confirm", "Deploy?"], until: "No") }
        Swift.print("  segue confirm \"Deploy?\" on screen (median of 21): \(confirm.shown)")
    }
}
