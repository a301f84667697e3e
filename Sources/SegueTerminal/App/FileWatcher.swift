import Glibc
import SegueCore

/// `--watch`: the folders of the files the shown specs were read from, watched with inotify.
/// Folders, not files: editors save by writing a new file and renaming it over the old one.
final class FileWatcher {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private var watched: Set<String> = []
    /// Folders whose watch ended (deleted, or moved away): watched again by name once they exist.
    private var lost: Set<String> = []
    /// Files of a lost folder watched again: they may have been written before the new watch
    /// began, so they count as changed.
    private var found: [String] = []

    init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Watches the folders of `files` not watched yet, and again those whose watch was lost.
    func watch(_ files: [String]) {
        var added: Set<String> = []
        for file in files {
            let folder = Self.folder(of: file)
            if added.contains(folder), lost.contains(folder) { found.append(file) }
            guard !watched.contains(folder) else { continue }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
            let watch = inotify_add_watch(descriptor, folder, mask)
            // A folder that is not there (yet) is tried again next time.
            guard watch >= 0 || !lost.contains(folder) else { continue }
            watched.insert(folder)
            added.insert(folder)
            if watch >= 0 { folders[watch] = folder }
            if lost.contains(folder) { found.append(file) }
        }
        lost.subtract(added)
    }

    /// The files that changed since the last call, as `folder/name` (just `name` in `.`).
    func changes() -> [String] {
        var changed = found
        found = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, length, mask) = buffer.withUnsafeBytes { raw -> (Int32, Int, UInt32) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len), event.mask)
                }
                // The folder itself went (deleted, or moved away and maybe replaced): its watch
                // is dropped and the folder watched again by name when it is back.
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0, let folder = folders[watch] {
                    folders[watch] = nil
                    inotify_rm_watch(descriptor, watch)
                    watched.remove(folder)
                    lost.insert(folder)
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(count, nameStart + length)].prefix { $0 != 0 }
                if let folder = folders[watch], !nameBytes.isEmpty {
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    changed.append(folder == "." ? name : folder + "/" + name)
                }
                offset = nameStart + length
            }
        }
        return changed
    }

    private static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}
