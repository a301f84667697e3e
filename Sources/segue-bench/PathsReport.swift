import Glibc
import SegueCore

/// Finding over piped lines like a big source tree, as a person feels it, against the current
/// fzf and the system's in the same run (in turns, medians): lines loaded until counted, queries
/// pasted and typed a key at a time (80 ms a key, timed from the last key), multi-term queries,
/// a query asked again, and the same lines as a live section's rows.
enum PathsReport {
    /// A fuzzy pair, an abbreviation across a folder and a name, and an extended query with an
    /// anchor and a negation.
    static let queries = ["parser go", "rendwin", "cache rs$ !src"]
    static let runs = 3
    static let pace = 0.08

    static func print(folder: String, sizes: [Int] = [100_000, 1_000_000]) {
        let segue = InteractiveReport.siblingExecutable("segue")
        let current = Fzf.version(Fzf.current), system = Fzf.version(Fzf.system)
        Swift.print("\nPiped lines like a big source tree (pseudo-terminal, medians of \(runs) in turns, until the count is on the "
                    + "screen): segue, fzf \(current) (the ratio is against it), fzf \(system):")
        for rows in sizes {
            let paths = SourceTreePaths(rows: rows, folder: folder)
            do { try paths.generate() } catch {
                Swift.print("  (bench files: \(error))")
                continue
            }
            let size = rows >= 1_000_000 ? "\(rows / 1_000_000)M" : "\(rows / 1000)k"
            let everything = "\(rows)/\(rows)"
            let loaded = three { program in Interactive.run([program], input: paths.lines, until: everything) }
            line("\(size) lines loaded until counted", loaded, segue: segue)
            for query in queries {
                let until = " \(Fzf.count(query, in: paths.lines))/\(rows)"
                let pasted = three { program in
                    Interactive.lastStep(Interactive.typed([program], input: paths.lines,
                                           typing: .init(ready: everything, steps: [(Interactive.pasted(query), until)])))
                }
                line("\(size), \"\(query)\" pasted", pasted, segue: segue)
                // Timed from the last key that changes the count (a key after it changes nothing
                // the screen can show).
                let counts = query.indices.map { Fzf.count(String(query[...$0]), in: paths.lines) }
                let from = (1..<counts.count).last { counts[$0] != counts[$0 - 1] } ?? 0
                let typed = three { program in
                    Interactive.lastStep(Interactive.typed([program], input: paths.lines,
                                           typing: .init(ready: everything, steps: [(query, until)], pace: pace, timedFrom: from)))
                }
                line("\(size), \"\(query)\" typed at \(Int(pace * 1000)) ms a key, from its last key that changes the count", typed, segue: segue)
            }
            // The same query again after clearing it: fzf answers from its cache.
            let query = queries[0]
            let until = " \(Fzf.count(query, in: paths.lines))/\(rows)"
            let again = three { program in
                Interactive.lastStep(Interactive.typed([program], input: paths.lines, typing: .init(ready: everything, steps: [
                    (Interactive.pasted(query), until), ("\u{15}", " \(everything)"), (Interactive.pasted(query), until),
                ])))
            }
            line("\(size), \"\(query)\" asked again after Ctrl-U", again, segue: segue)
            if rows <= 100_000 {
                // The lines as a live section's rows (a command in a spec), `/` then the query.
                let live = Interactive.medians(runs: runs, {
                    // A spec's screen counts where the cursor is: "1/N" once every row has come.
                    Interactive.lastStep(Interactive.typed([segue, paths.liveSpec], typing: .init(
                        ready: " 1/\(rows)", steps: [("/" + Interactive.pasted("rendwin"), " \(Fzf.count("rendwin", in: paths.lines))/\(rows)")])))
                }, {
                    Interactive.lastStep(Interactive.typed([Fzf.current], input: paths.lines, typing: .init(
                        ready: everything, steps: [(Interactive.pasted("rendwin"), " \(Fzf.count("rendwin", in: paths.lines))/\(rows)")])))
                })
                Swift.print("  \(size) live rows (a spec's command), \"rendwin\" pasted: segue \(live.0.shown), fzf \(current) \(live.1.shown)"
                            + InteractiveReport.ratio(live.0.seconds, live.1.seconds))
            }
        }
    }

    /// Segue, the current fzf and the system's, in turns; the median of each.
    private static func three(_ body: (String) -> Interactive.Result) -> [Interactive.Result] {
        let segue = InteractiveReport.siblingExecutable("segue")
        var results: [[Interactive.Result]] = [[], [], []]
        for _ in 0..<runs {
            for (index, program) in [segue, Fzf.current, Fzf.system].enumerated() { results[index].append(body(program)) }
        }
        return results.map { $0.sorted { ($0.seconds ?? .infinity) < ($1.seconds ?? .infinity) }[$0.count / 2] }
    }

    private static func line(_ name: String, _ results: [Interactive.Result], segue: String) {
        let megabytes = { (result: Interactive.Result) in Report.bytes(result.peakMemory) }
        Swift.print("  \(name): segue \(results[0].shown) (\(megabytes(results[0]))), fzf \(results[1].shown) "
                    + "(\(megabytes(results[1]))), fzf \(Fzf.version(Fzf.system)) \(results[2].shown)"
                    + InteractiveReport.ratio(results[0].seconds, results[1].seconds))
    }
}
