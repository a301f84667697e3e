import Foundation

/// A private tmux server running one command at a fixed size: the real terminal for end-to-end tests.
///
/// The command runs under a small shell wrapper that records the tty modes before and after and
/// the exit status, so tests can check that the terminal was given back as it was found.
final class Tmux {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let socket = "segue-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let folder: URL

    /// Starts `arguments` (program first) in a `width`x`height` terminal in `directory`.
    init(_ arguments: [String], width: Int = 80, height: Int = 24, directory: String = Paths.packageRoot,
         environment: [String: String] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let wrapper = folder.appendingPathComponent("run.sh")
        try Self.wrapperScript.write(to: wrapper, atomically: true, encoding: .utf8)
        var command = ["sh", wrapper.path, folder.path]
        // Past queries go to the test's own folder, never the user's.
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil { environment["XDG_STATE_HOME"] = folder.path + "/state" }
        command += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        command += ["--"] + arguments
        // The server this starts keeps any inherited pipe open, so its output must not be read.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)",
                  "-c", directory, command.map(Self.shellQuoted).joined(separator: " ")], readingOutput: false)
        try tmux(["set-option", "-t", "e2e", "status", "off"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Sends keys as tmux names them (`Down`, `Enter`, `Escape`, `C-c`, `q`).
    func send(_ keys: String...) throws {
        try send(contentsOf: keys)
    }

    /// Sends the keys of `keys` in one go.
    func send(contentsOf keys: [String]) throws {
        try tmux(["send-keys", "-t", "e2e"] + keys)
    }

    /// The visible screen, one string per line, trailing blanks removed. `joined` puts lines the
    /// terminal wrapped back together (for plain output; full-screen UIs never wrap).
    func screen(joined: Bool = false) throws -> [String] {
        var text = try tmux(["capture-pane", "-p", "-t", "e2e"] + (joined ? ["-J"] : []))
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// Everything the pane holds, its scrollback first, wrapped lines joined, trailing blanks
    /// removed: what a person scrolling back would read.
    func scrollback() throws -> [String] {
        var text = try tmux(["capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", "e2e"])
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// Pastes `text` as a terminal does: bracketed (`Esc[200~ … Esc[201~`) when the program asked
    /// for it, as tmux's `paste-buffer -p` knows.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "e2e-paste", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "e2e-paste", "-t", "e2e"])
    }

    /// The visible screen with its styles as SGR escape sequences (`capture-pane -e`).
    func styledScreen() throws -> [String] {
        var text = try tmux(["capture-pane", "-p", "-e", "-t", "e2e"])
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Where the terminal's cursor is, and whether it shows.
    func cursor() throws -> (x: Int, y: Int, visible: Bool) {
        let parts = try paneFlag("#{cursor_x} #{cursor_y} #{cursor_flag}").split(separator: " ").compactMap { Int($0) }
        guard parts.count == 3 else { throw Failure(description: "no cursor position from tmux") }
        return (parts[0], parts[1], parts[2] == 1)
    }

    /// Polls the screen until `condition` holds; throws with the last screen after `timeout` seconds.
    @discardableResult
    func waitFor(_ what: String = "the expected screen", timeout: Double = 10, joined: Bool = false,
                 _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen(joined: joined)
            if condition(last) { return last }
            usleep(20_000)
        }
        throw Failure(description: "timed out waiting for \(what); screen was:\n" + last.joined(separator: "\n"))
    }

    /// Polls until the screen shows `text`, on one line or wrapped at spaces over several.
    @discardableResult
    func waitFor(text: String, timeout: Double = 10, joined: Bool = false) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout, joined: joined) { Self.flowed($0).contains(text) }
    }

    /// The screen's lines, trimmed and joined with spaces: wrapped messages read as one.
    static func flowed(_ screen: [String]) -> String {
        screen.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Waits for the command to end and returns its exit status.
    func exitStatus(timeout: Double = 10) throws -> Int32 {
        let file = folder.appendingPathComponent("status")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(20_000)
        }
        throw Failure(description: "the command did not exit; screen was:\n" + ((try? screen()) ?? []).joined(separator: "\n"))
    }

    /// Whether the tty modes after the command equal those before it (`stty -g`).
    func ttyModesRestored() throws -> Bool {
        let before = try String(contentsOf: folder.appendingPathComponent("tty-before"), encoding: .utf8)
        let after = try String(contentsOf: folder.appendingPathComponent("tty-after"), encoding: .utf8)
        return !before.isEmpty && before == after
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`.
    func paneFlag(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "e2e", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The bytes an xterm-style terminal (X10 mouse encoding) sends when button `button` is
    /// clicked at cell (`x`, `y`), 0-based: 0 is the left button, press then release; 64 and 65
    /// are the wheel, which has no release. Sent with `send-keys -l`.
    static func mouseClick(button: Int, x: Int, y: Int) -> String {
        func report(_ code: Int) -> String {
            "\u{1B}[M" + String([32 + code, 33 + x, 33 + y].compactMap { Unicode.Scalar($0).map(Character.init) })
        }
        return button >= 64 ? report(button) : report(button) + report(3)
    }

    /// Resizes the terminal.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Resizes the terminal to each of `sizes` in turn, as fast as tmux can: one client, one
    /// command after another.
    func resize(through sizes: [(width: Int, height: Int)]) throws {
        let commands = sizes.map { ["resize-window", "-t", "e2e", "-x", "\($0.width)", "-y", "\($0.height)"] }
        try tmux(Array(commands.joined(separator: [";"])))
    }

    /// Sends `signal` to the program under test (the wrapper's child).
    func kill(signal: Int32) throws {
        Foundation.kill(try programPid(), signal)
    }

    /// The pid of the program under test (the wrapper's child).
    func programPid() throws -> Int32 {
        let wrapper = try paneFlag("#{pane_pid}")
        let child = try Self.run(["pgrep", "-P", wrapper]).split(separator: "\n").first.map(String.init) ?? ""
        guard let pid = Int32(child) else { throw Failure(description: "no child process of \(wrapper)") }
        return pid
    }

    @discardableResult
    private func tmux(_ arguments: [String], readingOutput: Bool = true) throws -> String {
        try Self.run(["tmux", "-L", socket] + arguments, readingOutput: readingOutput)
    }

    /// Runs a command and returns its standard output; a non-zero exit is a failure.
    @discardableResult
    static func run(_ arguments: [String], readingOutput: Bool = true) throws -> String {
        let result = try HostCommand.run(arguments, readingOutput: readingOutput)
        guard result.status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) exited \(result.status)")
        }
        return result.output
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `run.sh FOLDER [NAME=VALUE…] -- PROGRAM ARGS…`. Ctrl-C reaches the whole foreground
    /// process group: the wrapper catches SIGINT (its program gets the default action back) so
    /// that it outlives a program Ctrl-C ends, and records how it ended.
    private static let wrapperScript = """
        trap : INT
        folder=$1; shift
        export TERM=tmux-256color LANG=C.UTF-8
        while [ "$1" != "--" ]; do export "$1"; shift; done; shift
        stty -g > "$folder/tty-before"
        "$@"
        status=$?
        stty -g > "$folder/tty-after"
        echo "$status" > "$folder/status.tmp" && mv "$folder/status.tmp" "$folder/status"
        echo "[exited $status]"
        exec sleep 3600
        """
}

enum Paths {
    /// The package root, found from this file's path.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The `segue` binary under test: `SEGUE_BIN`, or the debug build.
    static let segue: String = ProcessInfo.processInfo.environment["SEGUE_BIN"]
        ?? packageRoot + "/.build/debug/segue"

    /// `segue-example`, built beside `segue`.
    static let example: String = URL(fileURLWithPath: segue).deletingLastPathComponent().appendingPathComponent("segue-example").path
}
