import Glibc

/// `--walker`: a tree of files like a big source tree (`SourceTreePaths`' lines made into empty
/// files), listed by Segue's walker and by the current fzf's until the count of them all is on the
/// screen (a pseudo-terminal of 80x24, medians of three in turns); `fdfind` listing the same files
/// to a pipe, when it is installed, as the floor.
enum WalkerReport {
    static let runs = 3

    static func print(folder: String, files: Int = 100_000) {
        let segue = InteractiveReport.siblingExecutable("segue")
        Swift.print("\nThe file walker: a tree of \(files / 1000)k files listed until counted (segue --walker, fzf "
                    + "\(Fzf.version(Fzf.current)) --walker, the ratio against it; fdfind to a pipe when installed):")
        let tree = "\(folder)/walker-tree-\(files)"
        let count: Int
        do { count = try make(tree, files: files, folder: folder) } catch {
            Swift.print("  (bench files: \(error))")
            return
        }
        let everything = "\(count)/\(count)"
        let walker = ["--walker", "file,follow,hidden", "--walker-root", tree]
        let (mine, theirs) = Interactive.medians(runs: runs, {
            Interactive.run([segue] + walker, until: everything)
        }, {
            Interactive.run([Fzf.current] + walker, until: everything)
        })
        var line = "  \(count) files: segue \(mine.shown) (\(Report.bytes(mine.peakMemory))), fzf \(theirs.shown) "
            + "(\(Report.bytes(theirs.peakMemory)))" + InteractiveReport.ratio(mine.seconds, theirs.seconds)
        if MeasuredProcess.run(["sh", "-c", "command -v fdfind"], quiet: true).status == 0 {
            let listed = (0..<runs).map { _ in
                MeasuredProcess.run(["fdfind", "--type", "f", "--hidden", "--no-ignore", ".", tree], keepingOutput: false, quiet: true)
            }.sorted { $0.seconds < $1.seconds }[runs / 2]
            line += ", fdfind \(Report.time(listed.seconds)) (\(listed.lines) listed)"
        }
        Swift.print(line)
    }

    /// Makes the tree unless it is there (a file marks it finished); the number of its files.
    private static func make(_ tree: String, files: Int, folder: String) throws -> Int {
        let paths = SourceTreePaths(rows: files, folder: folder)
        try paths.generate()
        let listed = Set(MeasuredProcess.run(["cat", paths.lines]).output.split(separator: "\n").map(String.init))
        let done = tree + ".done"
        if access(done, F_OK) == 0 { return listed.count }
        _ = MeasuredProcess.run(["rm", "-rf", tree])
        mkdir(tree, 0o755)
        var folders: Set<String> = []
        for path in listed {
            var made = tree
            for part in path.split(separator: "/").dropLast() {
                made += "/" + part
                if folders.insert(made).inserted { mkdir(made, 0o755) }
            }
            let file = open(tree + "/" + path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
            if file >= 0 { close(file) }
        }
        close(open(done, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644))
        return listed.count
    }
}
