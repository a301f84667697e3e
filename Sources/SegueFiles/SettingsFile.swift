#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Scanning) import SegueJSON
import SegueCore
internal import SegueYAML

/// Reads settings from their JSON or YAML file (`SettingsFormat`) and writes them back atomically,
/// merging with the file.
///
/// The file may be shared with other tools (or another Segue), so a save never replaces it blind:
/// it re-reads it, keeps every key the app did not set, and refuses to touch a file it cannot parse.
package enum SettingsFile {
    /// The settings at `path`. A missing file is empty settings, saved on the first change; a file
    /// that is not a JSON object, or cannot be read, gives empty settings that are never saved.
    package static func load(path: String) -> Settings {
        if let refusal = SettingsTarget.refusal(path) { return Settings(path: path, problem: refusal) }
        do throws(SettingsProblem) {
            return Settings(path: path, values: .object(try members(at: path) ?? [:]))
        } catch {
            return Settings(path: path, problem: error)
        }
    }

    /// Writes the names `settings` changed into its file, or says why not.
    ///
    /// Settings without a path live for the session only, so there is nothing to save: `nil`.
    /// The file is written as `.<name>.tmp-<pid>` next to it, synced, renamed over it, and the
    /// folder synced, so a crash leaves the old file or the new one, never half of one. A symlink
    /// is followed, so that a settings file kept elsewhere (dotfiles) stays where it is, unless it
    /// may have been planted (`SettingsTarget`). The file keeps its mode and owner; a read-only
    /// one is not replaced.
    ///
    /// Two Segues (or a Segue and a tool that locks the same way) saving at once take turns: the
    /// file's folder is locked (`flock`) from the re-read to the rename, so neither loses the other's
    /// change. A lock another program holds for more than a second is waited for no longer, and
    /// nothing is written: the change stays in memory, for the next save (the lock is the
    /// documented promise to such a program that its own write is not lost).
    package static func save(_ settings: Settings) -> SettingsProblem? {
        saved(settings).problem
    }

    /// `save`, and what else the file changed at: in YAML, a change made inside a value with an
    /// anchor shows at every alias of it (`SettingsSaved.followed`), for the app to show too.
    package static func saved(_ settings: Settings) -> SettingsSaved {
        guard let path = settings.path else { return SettingsSaved() }
        guard settings.isWritable else { return SettingsSaved(settings.problem ?? .unwritable("\(path): cannot be written")) }
        if let refusal = SettingsTarget.refusal(path) { return SettingsSaved(refusal) }
        let lock = FolderLock(folder: SettingsTarget.split(SettingsTarget.resolved(path)).folder)
        defer { lock.release() }
        if lock.isContended { return SettingsSaved(.unwritable("\(path): \(Self.lockedReason)")) }
        do throws(SettingsProblem) {
            let bytes = try contents(of: path)
            let format = SettingsFormat(path: path)
            var file = JSONValue.object(try members(in: bytes, path: path) ?? [:])
            var names = settings.changedNames
            for name in names.sorted() { file.setSetting(name, to: settings.value(for: name)) }
            widenListsChangedElsewhere(&names, in: &file, settings: settings)
            guard case .object = file else { return SettingsSaved() }
            // The file as it was written, comments and order kept, with only the changed values
            // put in; a file Segue cannot patch so (or whose patch would not read back as the
            // settings, and in YAML what aliases share) is written whole.
            if let bytes, let patched = format.patched(bytes, names: Array(names), merged: file),
               let read = try? members(in: patched.bytes, path: path), JSONValue.object(read).isSame(as: patched.reads) {
                return SettingsSaved(replace(path, with: patched.bytes, lock: lock), followed: patched.followed)
            }
            // Not over what it would lose without a word (a YAML file's comments and anchors):
            // only once the user has said yes to it.
            if let bytes, !settings.rewritesWhole, let loss = format.wholeRewriteLoss(bytes) {
                return SettingsSaved(.unwritable("\(path): this change can only be saved by writing the file anew, "
                                                 + "which would drop \(loss): not saved"), wouldLose: loss)
            }
            // Written whole, it must read back as the settings too, or nothing is written.
            let whole = format.written(file, over: bytes)
            guard let read = try? members(in: whole, path: path) ?? [:], JSONValue.object(read).isSame(as: file) else {
                return SettingsSaved(.unwritable("\(path): the settings cannot be written in this file's format without changing a value: not saved"))
            }
            return SettingsSaved(replace(path, with: whole, lock: lock))
        } catch {
            return SettingsSaved(error)
        }
    }

    /// A setting inside a list's item (`/servers/1/host`) names the item by its place: when
    /// another program changed the list meanwhile (took an item out, say), that place may hold
    /// another item in the file, which the change must not be written into. Such a list, the
    /// file's differing from Segue's once this session's changes are put in, is written whole
    /// as Segue shows it.
    private static func widenListsChangedElsewhere(_ names: inout Set<String>, in file: inout JSONValue, settings: Settings) {
        for name in names.sorted() where name.hasPrefix("/") && names.contains(name) {
            let keys = SettingName.keys(name)
            for depth in 1..<max(keys.count, 1) {
                let list = SettingName.pointer(Array(keys[..<depth]))
                guard case .array(let items)? = settings.value(for: list) else { continue }
                // A list holding changes a screen has not saved yet would write them with it.
                let holds = settings.heldNames.contains { $0 == list || $0.hasPrefix(list + "/") }
                if !holds, file.setting(list) != .array(items) {
                    names = names.filter { !$0.hasPrefix(list + "/") }
                    names.insert(list)
                    file.setSetting(list, to: .array(items))
                }
                break
            }
        }
    }

    /// What a save says when another program held the settings folder's lock for the whole wait.
    package static let lockedReason = "settings are locked by another program: not saved"

    // MARK: - Reading

    /// The largest settings file read: far above any real one, and /dev/zero-like inputs end.
    static let sizeLimit = 16 * 1_048_576

    /// The object in the file at `path`, or `nil` when there is no file (or only whitespace in it).
    private static func members(at path: String) throws(SettingsProblem) -> [String: JSONValue]? {
        try members(in: contents(of: path), path: path)
    }

    /// The object in `bytes` read from `path`, or `nil` for no file (or only whitespace in it).
    private static func members(in bytes: [UInt8]?, path: String) throws(SettingsProblem) -> [String: JSONValue]? {
        guard let bytes,
            bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
        else { return nil }
        return try SettingsFormat(path: path).members(in: bytes, path: path)
    }

    /// The values of a YAML settings file that YAML 1.1 readers (PyYAML, dependabot's) read as
    /// other values than Segue does (`yes`, `10:30`, `010`), each `line:column: why`; none for
    /// a JSON file, or one that cannot be read.
    package static func readingNotes(path: String) -> [String] {
        guard SettingsFormat(path: path) == .yaml, let bytes = try? contents(of: path) else { return [] }
        return YAMLReadings.notes(bytes)
    }

    /// The schema a YAML settings file names in a `# yaml-language-server: $schema=PATH` comment
    /// line, as YAML editors read it; `nil` for none, or for a JSON file.
    package static func schemaComment(path: String) -> String? {
        guard SettingsFormat(path: path) == .yaml, let file = try? contents(of: path) else { return nil }
        let bytes = file.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(file.dropFirst(3)) : file
        let marker = "yaml-language-server:"
        // By bytes: a CRLF line break is one Character, which splitting on "\n" would not see.
        for line in bytes.split(separator: 0x0A).map({ String(decoding: $0, as: UTF8.self) }) {
            let comment = line.drop { $0 == " " || $0 == "\t" }
            guard comment.hasPrefix("#") else { continue }
            let setting = comment.dropFirst().drop { $0 == " " }
            guard setting.hasPrefix(marker) else { continue }
            let value = setting.dropFirst(marker.count).drop { $0 == " " }
            guard value.hasPrefix("$schema=") else { continue }
            let named = value.dropFirst("$schema=".count).prefix { $0 != " " && $0 != "\t" && $0 != "\r" }
            return named.isEmpty ? nil : String(named)
        }
        return nil
    }

    /// The file's bytes, or `nil` when it does not exist.
    ///
    /// A folder in the way is `.unwritable`, since saving will fail for the same reason. Any other
    /// failure is `.corrupt`: a file whose keys we cannot see must not be replaced.
    private static func contents(of path: String) throws(SettingsProblem) -> [UInt8]? {
        // Non-blocking, so a FIFO without a writer cannot hang the app in `open`.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw readFailure(path, code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw readFailure(path, errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw readFailure(path, EISDIR) }
        // A device, a pipe or a socket is never read as settings, nor replaced by a file
        // (`--settings /dev/null` must not turn /dev/null into a JSON file).
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unwritable("\(path): not a regular file (a device, a pipe or a socket): settings are not saved there")
        }
        guard info.st_size <= Self.sizeLimit else {
            throw .unwritable("\(path): larger than \(Self.sizeLimit / 1_048_576) MB: not a settings file")
        }
        switch DescriptorReading.readAll(descriptor, limit: Self.sizeLimit + 1) {
        case .success(let bytes): return bytes
        case .failure(let error): throw readFailure(path, error.code)
        }
    }

    private static func readFailure(_ path: String, _ code: Int32) -> SettingsProblem {
        if code == EISDIR || code == ENOTDIR { return .unwritable("\(path): \(reason(code))") }
        return .corrupt("\(path): cannot read: \(reason(code))")
    }

    // MARK: - Writing

    /// Atomically replaces the file at `path` (or its symlink's target) with `bytes`.
    static func replace(_ path: String, with bytes: [UInt8], lock: FolderLock? = nil) -> SettingsProblem? {
        let target = SettingsTarget.resolved(path)
        let (folder, name) = SettingsTarget.split(target)
        let temporary = folder + "/." + name + ".tmp-\(getpid())"
        let failure = { (code: Int32) in SettingsProblem.unwritable("\(path): \(reason(code))") }
        var existing = stat()
        if stat(target, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG,
           let reason = SettingsTarget.readOnlyReason(target, info: existing) {
            return .unwritable("\(path): \(reason)")
        }

        // Temporary files left by saves that were killed are ours to remove (under the lock no
        // other save is writing one); anything planted there (a symlink to another file) is
        // never followed: O_EXCL and O_NOFOLLOW.
        if lock?.isHeld != false { removeStaleTemporaries(of: name, in: folder) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return failure(errno) }
        if let kept = SettingsTarget.keepAttributes(of: target, on: descriptor) {
            close(descriptor)
            unlink(temporary)
            return .unwritable("\(path): \(kept)")
        }
        var code = writeAll(bytes, to: descriptor)
        if code == 0, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        if code == 0, let refusal = SettingsTarget.refusal(path) {
            unlink(temporary)
            return refusal
        }
        if code == 0, rename(temporary, target) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporary)
            return failure(code)
        }
        // Without this the rename itself may not survive a power cut.
        code = syncFolder(folder)
        return code == 0 ? nil : failure(code)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + written, buffer.count - written)
            }
            if count > 0 {
                written += count
            } else if count == 0 {
                return EIO
            } else if errno != EINTR {
                return errno
            }
        }
        return 0
    }

    private static func syncFolder(_ folder: String) -> Int32 {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        // Some file systems cannot sync a folder; they have nothing more to flush.
        if fsync(descriptor) != 0, errno != EINVAL { return errno }
        return 0
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Removes `.NAME.tmp-*` files in `folder` that are regular files of ours: what saves killed
    /// mid-way (by `kill -9`, a power cut) left behind.
    static func removeStaleTemporaries(of name: String, in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = "." + name + ".tmp-"
        var stale: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if entryName.hasPrefix(prefix) { stale.append(folder + "/" + entryName) }
        }
        for path in stale {
            // Only a dead process's: a live one (that waited for the lock in vain) may be writing it.
            let owner = path.split(separator: "-").last.flatMap { pid_t(String($0)) }
            if let owner, owner != getpid(), kill(owner, 0) == 0 || errno != ESRCH { continue }
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() { unlink(path) }
        }
    }
}

/// An advisory lock (`flock`) on a folder, taken for the time of one save; given up on after a
/// second, so a process that holds it forever cannot freeze Segue.
struct FolderLock {
    private let descriptor: Int32
    /// Whether the lock was had (not when it was waited for in vain).
    private(set) var isHeld = false
    /// Whether another process held it for the whole wait: a settings save then writes nothing.
    /// (A folder that cannot be opened to lock is not contended: the write says what is wrong.)
    var isContended: Bool { descriptor >= 0 && !isHeld }

    init(folder: String) {
        descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        for _ in 0..<200 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                isHeld = true
                return
            }
            usleep(5_000)
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
