import Foundation
import SegueTerminal
import Testing

/// `segue --walker`: what the file walker lists of a tree with hidden files, `.git`,
/// `node_modules`, links (one back to its folder's parent, a loop), a broken link and a name
/// holding a line feed, for each of `file`, `dir`, `hidden` and `follow`; read with `--filter ''`
/// (every path, no screen) and `--print0`, standard input a terminal as at a prompt.
@Suite(.serialized) struct ShellIntegrationWalkerTests {
    let tree: URL

    init() throws {
        tree = FileManager.default.temporaryDirectory.appendingPathComponent("segue-walker-\(UUID().uuidString.prefix(8))")
        let files = FileManager.default
        for folder in ["src/deep", ".hid", ".git", "node_modules/m"] {
            try files.createDirectory(at: tree.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["a.txt", ".hidden.txt", ".hid/inner.txt", ".git/HEAD", "node_modules/m/index.js", "src/main.swift", "src/deep/x.c", "new\nline.txt"] {
            try Data().write(to: tree.appendingPathComponent(file))
        }
        try files.createSymbolicLink(atPath: tree.appendingPathComponent("src/loop").path, withDestinationPath: "..")
        try files.createSymbolicLink(atPath: tree.appendingPathComponent("src/self").path, withDestinationPath: ".")
        try files.createSymbolicLink(atPath: tree.appendingPathComponent("linked").path, withDestinationPath: "src/deep")
        try files.createSymbolicLink(atPath: tree.appendingPathComponent("broken").path, withDestinationPath: "nowhere")
    }

    /// What `segue ARGUMENTS --filter '' --print0` prints in the tree, standard input a terminal,
    /// as a set of paths, and its exit status and standard error.
    func walk(_ arguments: [String]) throws -> (paths: Set<String>, status: Int32, errors: String) {
        guard let terminal = PseudoTerminal(rows: 24, columns: 80) else { throw Tmux.Failure(description: "no pty") }
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw Tmux.Failure(description: "pipe failed") }
        for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let child = ChildProcess([Paths.segue] + arguments, in: tree.path, input: .file(terminal.slavePath),
                                 output: .descriptor(output[1]), errors: .descriptor(errors[1]))
        let spawned = child.spawn()
        close(output[1])
        close(errors[1])
        guard case .success(let pid) = spawned else { throw Tmux.Failure(description: "segue did not start") }
        let printed = Self.readAll(output[0])
        let told = Self.readAll(errors[0])
        let status = ChildProcess.waitForExit(pid)
        let paths = printed.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return (Set(paths), status, String(decoding: told, as: UTF8.self))
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { bytes += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        close(descriptor)
        return bytes
    }

    @Test func aloneListsFilesHiddenOnesAndThroughLinksButNotGitNodeModulesOrALoop() throws {
        defer { try? FileManager.default.removeItem(at: tree) }
        let listed = try walk(["--walker", "--filter", "", "--print0"])
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(listed.paths == ["a.txt", ".hidden.txt", ".hid/inner.txt", "src/main.swift", "src/deep/x.c", "linked/x.c", "broken", "new\nline.txt"])
    }

    /// As fzf's: without `hidden` a folder starting with a dot is left out, a file is not.
    @Test func fileAloneLeavesOutHiddenFoldersAndLinksToFolders() throws {
        defer { try? FileManager.default.removeItem(at: tree) }
        let listed = try walk(["--walker", "file", "--filter", "", "--print0"])
        #expect(listed.paths == ["a.txt", ".hidden.txt", "src/main.swift", "src/deep/x.c", "broken", "new\nline.txt"])
    }

    @Test func dirListsFoldersWithASlash() throws {
        defer { try? FileManager.default.removeItem(at: tree) }
        #expect(try walk(["--walker", "dir", "--filter", "", "--print0"]).paths == ["src/", "src/deep/"])
        // Followed links to folders are folders; the loop and the link to itself are not entered.
        #expect(try walk(["--walker=dir,hidden,follow", "--filter", "", "--print0"]).paths == [".hid/", "src/", "src/deep/", "linked/"])
    }

    @Test func rootsAndSkipsAreTheOnesGiven() throws {
        defer { try? FileManager.default.removeItem(at: tree) }
        let rooted = try walk(["--walker", "file", "--walker-root", "src", "--walker-root", "./.hid/", "--filter", "", "--print0"])
        #expect(rooted.paths == ["src/main.swift", "src/deep/x.c", ".hid/inner.txt"])
        // A root is a folder listed too, as fzf lists it.
        #expect(try walk(["--walker", "dir", "--walker-root", "src", "--filter", "", "--print0"]).paths == ["src/", "src/deep/"])
        // fzf's spelling: several folders after one flag.
        #expect(try walk(["--walker", "file", "--walker-root", "src", ".hid", "--filter", "", "--print0"]).paths == rooted.paths)
        let skipping = try walk(["--walker", "file,hidden", "--walker-skip", "deep,m", "--filter", "", "--print0"])
        #expect(skipping.paths == ["a.txt", ".hidden.txt", ".hid/inner.txt", ".git/HEAD", "src/main.swift", "broken", "new\nline.txt"])
    }

    @Test func badWordsAndASpecAreRefusedNamingTheFlag() throws {
        defer { try? FileManager.default.removeItem(at: tree) }
        let unknown = try walk(["--walker=file,sideways", "--filter", ""])
        #expect(unknown.status == 64 && unknown.errors.contains("--walker: expected file, dir, hidden or follow"), "\(unknown.errors)")
        let missing = try walk(["--walker", "file", "--walker-root", "nowhere", "--filter", ""])
        #expect(missing.errors.contains("--walker-root: nowhere is not a folder"), "\(missing.errors)")
    }

    /// A newcomer's first command still says how to start, walker or not.
    @Test func bareSegueAtATerminalStillPrintsItsUsage() throws {
        defer { try? FileManager.default.removeItem(at: tree) }
        let bare = try walk([])
        #expect(bare.status == 64 && bare.errors.contains("usage: segue"), "\(bare.errors)")
        #expect(bare.paths.isEmpty)
    }
}
