#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
internal import CXattr
#endif
import SegueCore

/// The file a settings path stands for, and whether Segue may read and replace it.
///
/// A symlink is followed (dotfile managers keep settings elsewhere and link them in), except the
/// classic attack on programs that write files: another user plants a link in a folder anyone can
/// write (`/tmp`), and the program's save lands in a file of the attacker's choosing. A link in a
/// world-writable folder is therefore followed only when the user owns it.
enum SettingsTarget {
    /// Why the link at `path`, or a link it leads to, must not be followed; `nil` when none is a
    /// link, or each may be followed. Asked again just before a save renames over the target, so
    /// a link planted meanwhile (while the save waited for the lock) is caught too.
    static func refusal(_ path: String) -> SettingsProblem? {
        var current = path
        // As many links as the system follows in one path.
        for _ in 0..<40 {
            var link = stat()
            guard lstat(current, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return nil }
            var folder = stat()
            let parent = split(current).folder
            if stat(parent, &folder) == 0, folder.st_mode & S_IWOTH != 0, link.st_uid != geteuid() {
                let via = current == path ? "" : " (reached through \(path))"
                return .refused("\(current): a symlink another user (uid \(link.st_uid)) owns, in a folder anyone can "
                                + "write: not followed\(via)")
            }
            guard let next = destination(of: current) else { return nil }
            current = next.hasPrefix("/") ? next : parent + "/" + next
        }
        return nil
    }

    /// What the link at `path` points to, as written.
    private static func destination(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file a symlink at `path` points to, or `path` itself.
    static func resolved(_ path: String) -> String { Confinement.realPath(path) ?? path }

    /// Why the existing file at `target` may not be replaced: it is read-only (no write permission
    /// bit for anyone, which even root respects here, as editors do), or this user cannot write it.
    static func readOnlyReason(_ target: String, info: stat) -> String? {
        if info.st_mode & 0o222 == 0 { return "read-only (no write permission): not replaced" }
        if access(target, W_OK) != 0 { return String(cString: strerror(errno)) }
        return nil
    }

    /// Gives the new file at `descriptor` the old one's permissions, owner and `user.*` extended
    /// attributes, so a private file stays private, a user's file saved by root stays the user's,
    /// and a tag stays on. A new file gets what any new file would: 0666 less the umask. `nil`, or
    /// what could not be kept. (Other hard links to the old file keep the old contents: the new
    /// file is another inode, which is what makes the save atomic.)
    static func keepAttributes(of target: String, on descriptor: Int32) -> String? {
        var info = stat()
        guard stat(target, &info) == 0 else {
            let mask = umask(0)
            umask(mask)
            return fchmod(descriptor, 0o666 & ~mask) == 0 ? nil : String(cString: strerror(errno))
        }
        if info.st_uid != geteuid(), fchown(descriptor, info.st_uid, info.st_gid) != 0 {
            return "owned by uid \(info.st_uid), which a new file of this user cannot keep: not replaced"
        }
        // One's own file in a group one is not in (any more) keeps one's group instead.
        if info.st_uid == geteuid(), info.st_gid != getegid() { _ = fchown(descriptor, uid_t.max, info.st_gid) }
        // After fchown, which clears set-user-ID and set-group-ID bits.
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { return String(cString: strerror(errno)) }
        return keepUserAttributes(of: target, on: descriptor)
    }

    /// Copies the `user.*` extended attributes of the file at `target` (a tag, a file manager's
    /// note, a backup tool's mark) onto the new file at `descriptor`, so a save does not drop
    /// them. Others (`security.*`, `system.*`: labels, ACLs) are the system's, not copied. `nil`,
    /// or the attribute that could not be kept (the file is then not replaced).
    static func keepUserAttributes(of target: String, on descriptor: Int32) -> String? {
        #if os(Linux)
        let size = listxattr(target, nil, 0)
        // No attributes, or a file system without them.
        guard size > 0 else { return nil }
        var names = [CChar](repeating: 0, count: size)
        let listed = listxattr(target, &names, names.count)
        guard listed > 0 else { return nil }
        for name in names[0..<listed].split(separator: 0).map({ String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) })
        where name.hasPrefix("user.") {
            let length = getxattr(target, name, nil, 0)
            guard length >= 0 else { continue }  // gone meanwhile
            var value = [UInt8](repeating: 0, count: max(length, 1))
            let read = getxattr(target, name, &value, value.count)
            guard read >= 0 else { continue }
            if fsetxattr(descriptor, name, value, read, 0) != 0 {
                return "its extended attribute \(name) cannot be kept (\(String(cString: strerror(errno)))): not replaced"
            }
        }
        #endif
        return nil
    }

    /// The folder (`.` when none is written) and the file name of `path`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }
}
