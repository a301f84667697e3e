import Glibc
import SegueCore

/// Runs live sections' loads in the background: commands as child processes in their own process
/// group, read without blocking so the UI keeps answering keys; files read in chunks the same way.
///
/// Every process it starts it also reaps: cancelled loads are killed (the whole group, TERM then
/// KILL after a short grace) and their leaders reaped, so nothing is left running or a zombie.
package final class SourceRunner {
    private struct Running {
        var request: SourceRequest
        /// The command's process, which leads its group; 0 for standard input or a file (no process).
        var pid: pid_t
        var output: Int32
        var errors: Int32
        var parser: SourceParser
        var errorTail: [UInt8] = []
        var deadline: Double?
        var outputDone = false
        var errorsDone = false
        var failure: String?
        /// Everything it wrote, as it came, for a request that keeps its output whole
        /// (`SourceRequest.capturesOutput`); `nil` when its output is read as items.
        var captured: [CommandRun.Chunk]?
        /// Bytes of standard output captured so far (`SourceRequest.outputLimit`).
        var capturedBytes = 0
    }

    /// How long a cancelled load's process group has between TERM and KILL, in seconds. A source
    /// only reads, with nothing to save, and quitting must feel instant however its children
    /// treat TERM.
    static let grace = 0.05
    /// How long a KILLed leader may take to be reaped before it is left to init (a process stuck
    /// in the kernel); only quitting waits for it, and never longer than this.
    static let reapLimit = 0.05

    /// A cancelled load's process group: TERM has been sent; KILL goes to the whole group once its
    /// leader has ended or the grace is over, and only then is the leader reaped, so the group's
    /// id (the leader's pid) cannot have been taken by another process when KILL is sent.
    private struct Dying {
        var pid: pid_t
        var killAt: Double
        var killed = false
    }

    private var dying: [Dying] = []
    private var running: [SourceKey: Running] = [:]
    /// Whether standard input was taken by a load: it can be read only once.
    private var standardInputTaken = false
    /// Events for requests answered at once (files, failures to start).
    private var ready: [Event] = []
    /// `json` pages of more than `backgroundParse` bytes, checked and cut into items away from
    /// the loop (a 200 MB page took the loop a second): the loads still waiting for that, and
    /// what the work has finished.
    private var parsing: Set<SourceKey> = []
    private let parsed = Locked<[(key: SourceKey, events: [Event])]>([])
    static let backgroundParse = 1 << 20

    package init() {}

    /// The pipes of the loads under way: something to read on one is a reason to wake.
    package var descriptors: [Int32] {
        running.values.flatMap { load in (load.outputDone ? [] : [load.output]) + (load.errorsDone ? [] : [load.errors]) }
    }

    /// Whether anything is loading or still being reaped.
    package var isBusy: Bool { !running.isEmpty || !dying.isEmpty || !ready.isEmpty || !parsing.isEmpty }

    /// Starts a load; its answers come from `poll`.
    package func start(_ request: SourceRequest) {
        switch request.origin {
        case .file(let path):
            // Read as a stream is, a chunk a turn of the loop: a file of 200 MB refreshed every
            // half second never holds keys up for longer than a chunk.
            switch Self.openFile(path, request: request) {
            case .success(let descriptor):
                running[request.key] = Running(request: request, pid: 0, output: descriptor, errors: -1,
                                               parser: SourceParser(format: request.format, itemEnd: request.itemEnd), errorsDone: true)
            case .failure(let refusal):
                ready += refusal.events
            }
        case .command(let arguments):
            startCommand(arguments, request: request)
        case .handler(let name):
            // Swift sources run as tasks (`AsyncWork`), never here.
            ready.append(.sourceFinished(request.key, .failed("the source \(JSONValue.string(name).summary) runs in Swift, not as a command")))
        case .standardInput:
            startStandardInput(request: request)
        }
    }

    /// Stops a load: its process group is killed and reaped; no answer comes for it.
    package func cancel(_ key: SourceKey) {
        parsing.remove(key)  // what its parse gives is dropped
        guard let load = running.removeValue(forKey: key) else { return }
        stop(load)
    }

    /// Stops every load of a screen.
    package func cancelAll(screen: Int) {
        for key in Set(running.keys).union(parsing) where key.screen == screen { cancel(key) }
    }

    /// Cancels everything and kills every process group: TERM, then KILL once each leader has
    /// ended or after the grace; then reaps the leaders. Returns within `grace + reapLimit` (a
    /// tenth of a second) whatever the processes do.
    ///
    /// It does not wait for a group to be empty: a child the leader left behind is reparented to
    /// init and stays a zombie (still a member of the group) until init reaps it, which can take
    /// a second; it has been KILLed, which is all that counts.
    package func shutDown() {
        for key in Set(running.keys).union(parsing) { cancel(key) }
        let deadline = Monotonic.now() + Self.grace + Self.reapLimit
        while !dying.isEmpty, Monotonic.now() < deadline {
            reapDying()
            if !dying.isEmpty { usleep(1_000) }
        }
    }

    /// What has happened since the last call: items read, loads finished. Never blocks.
    package func poll() -> [Event] {
        var events = ready
        ready = []
        if !parsing.isEmpty {
            let finished = parsed.withLock { done in
                defer { done = [] }
                return done
            }
            for page in finished where parsing.remove(page.key) != nil { events += page.events }
        }
        for key in Array(running.keys) {
            // Taken out while it is read: a copy left in the table would make every append to
            // its buffers copy them whole (a `json` page of 100 MB, a quadratic load).
            guard var load = running.removeValue(forKey: key) else { continue }
            events += read(&load)
            if let deadline = load.deadline, Monotonic.now() > deadline, load.failure == nil {
                load.failure = "timed out after \(Self.seconds(load.request.timeout ?? 0))"
                stop(load)
                events.append(.sourceFinished(key, .failed(load.failure ?? "")))
                continue
            }
            if load.failure != nil {
                stop(load)
                // A command run for its output ends as one: failed, with why.
                events.append(load.captured == nil ? .sourceFinished(key, .failed(load.failure ?? ""))
                    : .commandFinished(key, CommandRun(status: 1, reason: load.failure)))
                continue
            }
            if load.outputDone, load.errorsDone, let status = load.pid == 0 ? 0 : Self.reap(load.pid) {
                close(load.output)
                close(load.errors)
                events += finish(load, status: status)
                continue
            }
            running[key] = load
        }
        reapDying()
        return events
    }

    /// Bytes read from one source per poll, so a fast stream is drawn as it comes and keys are
    /// read between its chunks.
    private static let chunkLimit = 1 << 18

    private func read(_ load: inout Running) -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var taken = 0
        while !load.outputDone, load.failure == nil, taken < Self.chunkLimit {
            let count = Glibc.read(load.output, &buffer, buffer.count)
            if count > 0, load.captured != nil {
                taken += count
                load.captured?.append(CommandRun.Chunk(.output, Array(buffer[0..<count])))
                // As it comes too, for a progress bar (`segue progress`).
                events.append(.commandOutput(load.request.key, Array(buffer[0..<count])))
                load.capturedBytes += count
                if let limit = load.request.outputLimit, load.capturedBytes > limit {
                    load.failure = "it printed more than \(limit / 1_048_576) MB; nothing was kept"
                }
            } else if count > 0 {
                taken += count
                do {
                    let skipped = load.parser.skippedLines?.count
                    let items = try load.parser.feed(buffer[0..<count])
                    if items.count > 0 { events.append(.sourceRawItems(load.request.key, items)) }
                    // Said as soon as a line is left out: an endless one may never end the load.
                    if load.parser.skippedLines?.count != skipped, let note = load.parser.skippedNote {
                        events.append(.sourceNote(load.request.key, note))
                    }
                } catch {
                    if let before = error.itemsBefore, before.count > 0 { events.append(.sourceRawItems(load.request.key, before)) }
                    load.failure = error.message
                }
            } else if count == 0 {
                load.outputDone = true
            } else if errno != EINTR {
                if errno != EAGAIN { load.outputDone = true }
                break
            }
        }
        while !load.errorsDone {
            let count = Glibc.read(load.errors, &buffer, buffer.count)
            if count > 0, load.captured != nil {
                load.captured?.append(CommandRun.Chunk(.errors, Array(buffer[0..<count])))
            } else if count > 0 {
                load.errorTail += buffer[0..<count]
                if load.errorTail.count > 4096 { load.errorTail.removeFirst(load.errorTail.count - 2048) }
            } else if count == 0 {
                load.errorsDone = true
            } else if errno != EINTR {
                if errno != EAGAIN { load.errorsDone = true }
                break
            }
        }
        return events
    }

    private func finish(_ load: Running, status: Int32) -> [Event] {
        var parser = load.parser
        let key = load.request.key
        if let captured = load.captured { return [.commandFinished(key, CommandRun(status: status, chunks: captured))] }
        guard status == 0 else {
            let lines = String(decoding: load.errorTail, as: UTF8.self).split(separator: "\n").suffix(2)
            let detail = lines.isEmpty ? "" : ": " + lines.joined(separator: " / ")
            return [.sourceFinished(key, .failed("exit status \(status)\(detail)"))]
        }
        guard parser.format == .json, parser.pendingCount > Self.backgroundParse else { return Self.finished(&parser, key: key) }
        // A large page is parsed away from the loop; `poll` hands on what it gives.
        parsing.insert(key)
        PageEnd.parseAway(parser, key: key, into: parsed)
        return []
    }

    /// The events of the end of a page: its last items and how it ended.
    fileprivate static func finished(_ parser: inout SourceParser, key: SourceKey) -> [Event] {
        do {
            let skipped = parser.skippedLines?.count
            var all = events(try parser.finish(), key: key)
            if parser.skippedLines?.count != skipped, let note = parser.skippedNote { all.insert(.sourceNote(key, note), at: all.count - 1) }
            return all
        } catch {
            return [.sourceFinished(key, .failed(error.message))]
        }
    }

    /// The events for what a parser had left at the end, then the end itself.
    static func events(_ rest: (raw: RawItems, values: [JSONValue], next: NextPage), key: SourceKey) -> [Event] {
        var events: [Event] = []
        if rest.raw.count > 0 { events.append(.sourceRawItems(key, rest.raw)) }
        if !rest.values.isEmpty { events.append(.sourceItems(key, rest.values)) }
        return events + [.sourceFinished(key, .done(next: rest.next))]
    }

    private func startCommand(_ arguments: [String], request: SourceRequest) {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard !arguments.isEmpty, pipe(&output) == 0, pipe(&errors) == 0 else {
            fail(request, "cannot start \(arguments.first ?? "the command")")
            return
        }
        // No other child (a later source, an exec command) inherits these pipes.
        for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var environment = ProcessEnvironment.variables()
        for (name, value) in request.environment { environment[name] = value }
        // A command run for its output whole reads what was piped to Segue (never the terminal,
        // whose keys are Segue's).
        let input: ChildProcess.Stream = request.capturesOutput && isatty(STDIN_FILENO) == 0 ? .inherited : .null
        let child = ChildProcess(arguments, in: request.directory, input: input, output: .descriptor(output[1]),
                                 errors: .descriptor(errors[1]), closing: output + errors, ownGroup: true,
                                 environment: environment)
        let spawned = ProcessGroups.starting { child.spawn() }
        close(output[1])
        close(errors[1])
        let pid: pid_t
        switch spawned {
        case .success(let started):
            pid = started
        case .failure(let failure):
            close(output[0])
            close(errors[0])
            fail(request, failure.reason)
            return
        }
        for fd in [output[0], errors[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        running[request.key] = Running(
            request: request, pid: pid, output: output[0], errors: errors[0], parser: SourceParser(format: request.format, itemEnd: request.itemEnd),
            deadline: request.timeout.map { Monotonic.now() + $0 }, captured: request.capturesOutput ? [] : nil)
    }

    /// A command that could not start: its load failed, or, kept whole, it ran as a shell says
    /// a program it cannot run does (127).
    private func fail(_ request: SourceRequest, _ reason: String) {
        ready.append(request.capturesOutput ? .commandFinished(request.key, CommandRun(status: 127, reason: reason))
                                            : .sourceFinished(request.key, .failed(reason)))
    }

    private func stop(_ load: Running) {
        close(load.output)
        close(load.errors)
        // Standard input and files have no process to stop (and `kill(-0, …)` would signal Segue's own group).
        guard load.pid > 0 else { return }
        kill(-load.pid, SIGTERM)
        dying.append(Dying(pid: load.pid, killAt: Monotonic.now() + Self.grace))
    }

    /// Reads what was piped in as it comes, through a descriptor of its own (the UI reads keys
    /// from /dev/tty). Once only: what was read is gone from the pipe.
    private func startStandardInput(request: SourceRequest) {
        guard !standardInputTaken else {
            ready.append(.sourceFinished(request.key, .failed("standard input was read already")))
            return
        }
        standardInputTaken = true
        let input = dup(STDIN_FILENO)
        guard input >= 0 else {
            ready.append(.sourceFinished(request.key, .failed("cannot read standard input: \(String(cString: strerror(errno)))")))
            return
        }
        _ = fcntl(input, F_SETFD, FD_CLOEXEC)
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        running[request.key] = Running(request: request, pid: 0, output: input, errors: -1,
                                       parser: SourceParser(format: request.format, itemEnd: request.itemEnd), errorsDone: true)
    }

    /// KILLs the groups whose leader has ended or whose grace is over, and reaps their leaders.
    /// Never blocks; costs a `waitid` or `waitpid` per dying group.
    private func reapDying() {
        let now = Monotonic.now()
        dying = dying.compactMap { entry in
            var entry = entry
            if !entry.killed, now >= entry.killAt || Self.hasEnded(entry.pid) {
                // Children that ignore TERM, or outlived their leader, go with the group.
                kill(-entry.pid, SIGKILL)
                entry.killed = true
            }
            guard entry.killed else { return entry }
            if Self.reap(entry.pid) != nil { return nil }
            // A leader stuck in the kernel is left to init rather than polled for ever.
            guard now > entry.killAt + 2 else { return entry }
            ProcessGroups.remove(entry.pid)
            return nil
        }
    }

    /// Whether `pid` has ended, without reaping it: its pid stays taken, and with it the id of the
    /// group it leads.
    private static func hasEnded(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        return info._sifields._sigchld.si_pid == pid
    }

    /// The exit status of `pid` if it has ended (reaping it), else `nil`.
    private static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid || result < 0 else { return nil }
        // Its pid, and with it the group's id, may be taken by another process from now on.
        ProcessGroups.remove(pid)
        return result < 0 ? 127 : ChildProcess.exitStatus(status)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// The end of a large page, worked out on a task of its own.
private enum PageEnd {
    static func parseAway(_ page: SourceParser, key: SourceKey, into parsed: Locked<[(key: SourceKey, events: [Event])]>) {
        Task.detached(priority: .userInitiated) {
            var parser = page
            let events = SourceRunner.finished(&parser, key: key)
            parsed.withLock { $0.append((key: key, events: events)) }
        }
    }
}
