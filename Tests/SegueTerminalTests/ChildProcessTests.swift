import Glibc
import Testing
@testable import SegueTerminal
import SegueCore

/// The one way Segue starts programs.
@Suite struct ChildProcessTests {
    /// Runs `child` with its stdout on a pipe; its output and exit status.
    func run(_ child: ChildProcess) throws -> (output: String, status: Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        var child = child
        child.output = .descriptor(fds[1])
        let spawned = child.spawn()
        close(fds[1])
        defer { close(fds[0]) }
        let pid = try spawned.get()
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        return (String(decoding: output, as: UTF8.self), ChildProcess.waitForExit(pid))
    }

    @Test func itRunsInItsFolderAndOursStaysPut() throws {
        let ours = WorkingDirectory.current()
        #expect(try run(ChildProcess(["pwd"], in: "/usr/share")) == ("/usr/share\n", 0))
        #expect(WorkingDirectory.current() == ours)
        #expect(try run(ChildProcess(["./ls", "-d", "."], in: "/bin")).status == 0)  // a path relative to its folder
    }

    @Test func itHasOnlyItsThreeDescriptors() throws {
        let leaked = open("/dev/null", O_RDONLY)  // without O_CLOEXEC, as another thread might have one
        defer { close(leaked) }
        // 3 is ls's own, on the folder it lists.
        #expect(try run(ChildProcess(["ls", "/proc/self/fd"])).output == "0\n1\n2\n3\n")
    }

    @Test func itGetsTheEnvironmentItIsGiven() throws {
        let child = ChildProcess(["sh", "-c", "echo \"$GREETING:$HOME\""], environment: ["GREETING": "hi", "PATH": "/usr/bin:/bin"])
        #expect(try run(child) == ("hi:\n", 0))
    }

    @Test func anArgumentWithANulIsRefusedNotCutShort() {
        guard case .failure(let failure) = ChildProcess(["echo", "safe\u{0}; rm -rf"]).spawn() else {
            Issue.record("a NUL in an argument was passed on")
            return
        }
        #expect(failure.reason == "cannot run echo: argument 1 holds a NUL character")
        guard case .failure = ChildProcess(["env"], environment: ["A": "x\u{0}y"]).spawn() else {
            Issue.record("a NUL in the environment was passed on")
            return
        }
    }

    @Test func itLeadsItsOwnGroupWhenAsked() throws {
        let output = try run(ChildProcess(["sh", "-c", "ps -o pgid= -p $$; echo $$"], ownGroup: true)).output
        let numbers = output.split(separator: "\n").map { $0.filter { $0 != " " } }
        #expect(numbers.count == 2 && numbers[0] == numbers[1])
        #expect(Int32(numbers.first ?? "") != getpgrp())
    }

    @Test func failuresSayWhatCouldNotBeFound() {
        guard case .failure(let program) = ChildProcess(["no-such-program-here"]).spawn() else {
            Issue.record("a missing program must not start")
            return
        }
        #expect(program.reason == "cannot run no-such-program-here: No such file or directory")
        guard case .failure(let folder) = ChildProcess(["true"], in: "/no/such/folder").spawn() else {
            Issue.record("a missing folder must not start")
            return
        }
        #expect(folder.reason == "cannot enter /no/such/folder: No such file or directory")
    }

    @Test func exitStatusesAreCodesOrSignalsPlus128() throws {
        #expect(try run(ChildProcess(["sh", "-c", "exit 3"])).status == 3)
        #expect(try run(ChildProcess(["sh", "-c", "kill -TERM $$"])).status == 143)
    }
}

/// A file source reads a regular file whole; anything that could block or never end is refused.
@Suite struct FileSourceTests {
    func load(_ path: String) -> [Event] {
        let runner = SourceRunner()
        defer { runner.shutDown() }
        runner.start(SourceRequest(key: SourceKey(screen: 0, section: 0, generation: 0), origin: .file(path), format: .lines,
                                   directory: "/", environment: [:], timeout: nil))
        return runner.poll()
    }

    @Test func aNamedPipeWithoutAWriterIsRefusedAtOnce() throws {
        let path = "/tmp/segue-fifo-\(getpid())"
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        guard case .sourceFinished(_, .failed(let reason))? = load(path).last else {
            Issue.record("the pipe was not refused")
            return
        }
        #expect(reason.contains("not a regular file"))
    }

    @Test func aDeviceIsRefused() {
        guard case .sourceFinished(_, .failed(let reason))? = load("/dev/zero").last else {
            Issue.record("/dev/zero was not refused")
            return
        }
        #expect(reason == "cannot read /dev/zero: not a regular file (a file source reads files; a pipe or device needs a command source)")
    }
}
