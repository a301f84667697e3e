import Foundation
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

/// A file source reads a regular file, a chunk at a time; anything that could block or never
/// end is refused.
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

    /// A file of 32 MB is read a chunk a poll, as a command's output is: the loop reads keys
    /// between chunks (a 200 MB file refreshed every half second held keys up to 0.7 s;
    /// issue 30, item 9), and every line still arrives.
    @Test func aLargeFileIsReadAChunkAPollAndWhole() throws {
        let path = "/tmp/segue-large-source-\(getpid())"
        defer { unlink(path) }
        let line = Array(String(repeating: "x", count: 63).utf8) + [0x0A]
        let lines = 512 * 1024
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count * lines)
        for _ in 0..<lines { bytes += line }
        try #require(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let runner = SourceRunner()
        defer { runner.shutDown() }
        runner.start(SourceRequest(key: SourceKey(screen: 0, section: 0, generation: 0), origin: .file(path), format: .lines,
                                   directory: "/", environment: [:], timeout: nil))
        var items = 0
        var polls = 0
        var finished = false
        while !finished, polls < 10_000 {
            polls += 1
            let events = runner.poll()
            var itemsThisPoll = 0
            for event in events {
                if case .sourceRawItems(_, let raw) = event { itemsThisPoll += raw.count }
                if case .sourceFinished(_, .done) = event { finished = true }
            }
            items += itemsThisPoll
            // A poll reads at most a chunk (256 KB: 4,096 of these lines), never the whole file.
            #expect(itemsThisPoll <= 4_096 + 1)
        }
        #expect(finished && items == lines)
        #expect(polls > 100)
    }

    /// A `json` file of 32 MB: read a chunk a poll, and its page checked and cut into items
    /// away from the loop, so no poll takes long (the last one parsed the whole page), and every
    /// item still arrives.
    @Test func aLargeJSONPageIsParsedAwayFromTheLoop() throws {
        let path = "/tmp/segue-large-json-\(getpid())"
        defer { unlink(path) }
        let item = Array(#"{"title": "item", "detail": "\#(String(repeating: "x", count: 40))"}"#.utf8)
        let count = 512 * 1024
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity((item.count + 1) * count + 2)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += item
        }
        bytes.append(UInt8(ascii: "]"))
        try #require(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let runner = SourceRunner()
        defer { runner.shutDown() }
        runner.start(SourceRequest(key: SourceKey(screen: 0, section: 0, generation: 0), origin: .file(path), format: .json,
                                   directory: "/", environment: [:], timeout: nil))
        var items = 0
        var finished = false
        var slowest = 0.0
        let deadline = Monotonic.now() + 60
        while !finished, Monotonic.now() < deadline {
            let start = Monotonic.now()
            let events = runner.poll()
            slowest = max(slowest, Monotonic.now() - start)
            for event in events {
                if case .sourceRawItems(_, let raw) = event { items += raw.count }
                if case .sourceFinished(_, .done) = event { finished = true }
            }
            if events.isEmpty { usleep(1_000) }
        }
        #expect(finished && items == count)
        // Parsed in the poll that read its end, the page took 0.43 s in a debug build: a bound far
        // above a chunk's read (sanitizers and a busy machine too) and still below that.
        #expect(slowest < 0.3, "a poll took \(slowest) s")
        #expect(!runner.isBusy)
    }

    @Test func aDeviceIsRefused() {
        guard case .sourceFinished(_, .failed(let reason))? = load("/dev/zero").last else {
            Issue.record("/dev/zero was not refused")
            return
        }
        #expect(reason == "cannot read /dev/zero: not a regular file (a file source reads files; a pipe or device needs a command source)")
    }
}
