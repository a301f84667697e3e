import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// `--walker`: the paths under the roots, listed as they are found by several threads at once
/// (a folder is read by whichever thread is free), each path relative to its root as fzf prints
/// it (`src/main.swift`; a folder as `src/`), ended by NUL so that a name holding a line feed is
/// one item. Handed out in batches to `emit`, which is called by one thread at a time; when it
/// answers false (the reader has gone, the user has chosen) the walk stops at the next folder.
package final class FileWalker: @unchecked Sendable {
    /// A folder still to read: the path it is opened by and listed under (`""` for the root `.`),
    /// and, when links are followed, its root and the folders above the root by device and inode
    /// (shared by every folder of the root; those between the root and the folder are found only
    /// when a link to a folder is met, which is rare, so no folder costs a `stat` of its own).
    private struct Folder {
        var path: [UInt8]
        var aboveRoot: [FileIdentity]
    }

    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private let options: WalkerOptions
    private let emit: (UnsafeRawBufferPointer) -> Bool
    private let skippedNames: Set<[UInt8]>
    /// `--walker-skip` entries with a `/`, matched against the end of a folder's path.
    private let skippedPaths: [[UInt8]]

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let output = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    // Under `lock`:
    private var pending: [Folder] = []
    private var busy = 0
    private var stopped = false

    /// A batch is handed out once it holds this many bytes, or when its thread runs out of work.
    static let batchBytes = 32 * 1024

    package init(_ options: WalkerOptions, emit: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.options = options
        self.emit = emit
        skippedNames = Set(options.skipped.filter { !$0.contains("/") }.map { Array($0.utf8) })
        skippedPaths = options.skipped.filter { $0.contains("/") }.map { Array(($0.hasPrefix("/") ? $0 : "/" + $0).utf8) }
        pthread_mutex_init(lock, nil)
        pthread_mutex_init(output, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_mutex_destroy(output)
        pthread_cond_destroy(changed)
        lock.deallocate()
        output.deallocate()
        changed.deallocate()
    }

    /// Walks every root, on `threads` threads, and returns when all is listed or the walk was
    /// stopped. A root that cannot be read is told to `problem`; one unreadable folder below is
    /// left out quietly, as `find` would say it and fzf does not.
    package func run(threads: Int = FileWalker.defaultThreads, problem: (String) -> Void = { _ in }) {
        for root in options.roots {
            var path = Array(root.utf8)
            while path.count > 1, path.last == UInt8(ascii: "/") { path.removeLast() }
            // `./src` lists `src/…`, as fzf trims a leading `./`.
            while path.count > 2, path[0] == UInt8(ascii: "."), path[1] == UInt8(ascii: "/") { path.removeFirst(2) }
            var status = stat()
            guard stat(root, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                problem("--walker-root: \(root) is not a folder one can read")
                continue
            }
            // A root other than `.` is a folder listed too, as fzf lists it (`src/`).
            if options.folders, path != [UInt8(ascii: ".")] {
                let listed = path + (path.last == UInt8(ascii: "/") ? [0] : [UInt8(ascii: "/"), 0])
                if !listed.withUnsafeBytes(emit) { return }
            }
            pending.append(Folder(path: path == [UInt8(ascii: ".")] ? [] : path,
                                  aboveRoot: options.follow ? Self.identities(above: root) + [Self.identity(status)] : []))
        }
        let count = max(1, threads)
        DispatchQueue.concurrentPerform(iterations: count) { _ in work() }
    }

    /// Stops the walk from another thread: no folder is read after this.
    package func stop() {
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    package static var defaultThreads: Int {
        min(8, max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }

    private func work() {
        var batch: [UInt8] = []
        batch.reserveCapacity(Self.batchBytes + 4096)
        var found: [Folder] = []
        while true {
            pthread_mutex_lock(lock)
            pending += found
            if !found.isEmpty { pthread_cond_broadcast(changed) }
            found.removeAll(keepingCapacity: true)
            while pending.isEmpty, busy > 0, !stopped {
                // Out of work: what is found so far goes out before waiting for more.
                if !batch.isEmpty {
                    pthread_mutex_unlock(lock)
                    flush(&batch)
                    pthread_mutex_lock(lock)
                    continue
                }
                pthread_cond_wait(changed, lock)
            }
            guard !stopped, let folder = pending.popLast() else {
                pthread_cond_broadcast(changed)
                pthread_mutex_unlock(lock)
                break
            }
            busy += 1
            pthread_mutex_unlock(lock)
            read(folder, into: &batch, found: &found)
            if batch.count >= Self.batchBytes { flush(&batch) }
            pthread_mutex_lock(lock)
            busy -= 1
            if pending.isEmpty, found.isEmpty, busy == 0 { pthread_cond_broadcast(changed) }
            pthread_mutex_unlock(lock)
        }
        flush(&batch)
    }

    private func flush(_ batch: inout [UInt8]) {
        guard !batch.isEmpty else { return }
        pthread_mutex_lock(output)
        let going = batch.withUnsafeBytes { emit($0) }
        pthread_mutex_unlock(output)
        batch.removeAll(keepingCapacity: true)
        if !going { stop() }
    }

    /// Lists one folder's entries into `batch` and puts the folders to enter into `found`.
    private func read(_ folder: Folder, into batch: inout [UInt8], found: inout [Folder]) {
        let opened: Int32 = folder.path.isEmpty
            ? open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            : Self.withPath(folder.path, otherwise: -1) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard opened >= 0, let directory = fdopendir(opened) else {
            if opened >= 0 { close(opened) }
            return
        }
        defer { closedir(directory) }
        let prefix = folder.path.isEmpty || folder.path.last == UInt8(ascii: "/") ? folder.path : folder.path + [UInt8(ascii: "/")]
        while let entry = readdir(directory) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let length = raw.firstIndex(of: 0) ?? raw.count
                let name = UnsafeRawBufferPointer(rebasing: raw[0..<length])
                consider(name, type: entry.pointee.d_type, in: folder, directory: directory, prefix: prefix, into: &batch, found: &found)
            }
        }
    }

    private func consider(_ name: UnsafeRawBufferPointer, type: UInt8, in folder: Folder, directory: OpaquePointer,
                          prefix: [UInt8], into batch: inout [UInt8], found: inout [Folder]) {
        let dot = UInt8(ascii: ".")
        if name.first == dot, name.count == 1 || (name.count == 2 && name[1] == dot) { return }
        var isFolder = type == DT_DIR
        if type == DT_LNK || type == DT_UNKNOWN {
            if let status = Self.status(of: name, in: directory, following: type == DT_LNK), (status.st_mode & S_IFMT) == S_IFDIR {
                // A link to a folder: left out unless links are followed, and then never one
                // back to a folder above (a loop).
                if type == DT_LNK {
                    guard options.follow else { return }
                    let target = Self.identity(status)
                    if folder.aboveRoot.contains(target) || Self.identities(along: folder.path).contains(target) { return }
                }
                isFolder = true
            }
        }
        if isFolder {
            // As fzf: without `hidden` a folder starting with a dot is neither listed nor entered;
            // files starting with one are listed either way.
            if !options.hidden, name.first == dot { return }
            if skippedNames.contains(Array(name)) { return }
            let path = prefix + Array(name)
            if skippedPaths.contains(where: { Self.ends(path, with: $0) }) { return }
            if options.folders {
                batch += path
                batch.append(UInt8(ascii: "/"))
                batch.append(0)
            }
            found.append(Folder(path: path, aboveRoot: folder.aboveRoot))
        } else if options.files {
            batch += prefix
            batch += name
            batch.append(0)
        }
    }

    /// Whether `path` (without a leading `/`) ends with `suffix` (which starts with `/`), or is
    /// `suffix` without its `/`.
    private static func ends(_ path: [UInt8], with suffix: [UInt8]) -> Bool {
        if path.count == suffix.count - 1 { return path.elementsEqual(suffix.dropFirst()) }
        return path.count >= suffix.count && path.suffix(suffix.count).elementsEqual(suffix)
    }

    /// `name`'s status in the open folder `directory`, through a link when `following`.
    private static func status(of name: UnsafeRawBufferPointer, in directory: OpaquePointer, following: Bool) -> stat? {
        var status = stat()
        let result = withPath(Array(name), otherwise: -1) { fstatat(dirfd(directory), $0, &status, following ? 0 : AT_SYMLINK_NOFOLLOW) }
        return result == 0 ? status : nil
    }

    /// `body` given `bytes` as a C string.
    private static func withPath<Result>(_ bytes: [UInt8], otherwise: Result, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return otherwise }
            return body(base.assumingMemoryBound(to: CChar.self))
        }
    }

    private static func identity(_ status: stat) -> FileIdentity {
        FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The folders `path` goes through from where the walk started, itself included, by identity
    /// (through the links it follows): `src/deep` is `.`, `src` and `src/deep`.
    private static func identities(along path: [UInt8]) -> [FileIdentity] {
        var found: [FileIdentity] = []
        var status = stat()
        if path.first != UInt8(ascii: "/"), stat(".", &status) == 0 { found.append(identity(status)) }
        for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") && index > 0 || index == path.count - 1 {
            let prefix = byte == UInt8(ascii: "/") ? Array(path[..<index]) : path
            if withPath(prefix, otherwise: -1, { stat($0, &status) }) == 0 { found.append(identity(status)) }
        }
        return found
    }

    /// The folders above `root`, by identity: a link to any of them would walk the root again.
    private static func identities(above root: String) -> [FileIdentity] {
        guard let real = realpath(root, nil) else { return [] }
        defer { free(real) }
        var path = String(cString: real)
        var found: [FileIdentity] = []
        while path != "/", let slash = path.lastIndex(of: "/") {
            path = slash == path.startIndex ? "/" : String(path[..<slash])
            var status = stat()
            if stat(path, &status) == 0 { found.append(identity(status)) }
        }
        return found
    }
}
