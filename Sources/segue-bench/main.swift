import Glibc

// `segue-bench [ROWS…]`: for each size, the time to load a spec, draw the first frame and answer
// End and Down, and the peak memory of a process doing it, next to fzf reading the same rows.
// `segue-bench --probe SPEC` measures the steps in a child process; `--startup SPEC` only loads
// and draws the first frame, so its wall time and peak memory compare with fzf's.

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.count == 2, arguments[0] == "--probe" || arguments[0] == "--startup" {
    do {
        if arguments[0] == "--probe" {
            print(try Probe.run(spec: arguments[1]).line)
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
Report.footer()

/// Prints `message` on stderr and exits 1.
func fail(_ message: String) -> Never {
    let line = "segue-bench: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}
