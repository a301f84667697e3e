import Glibc
import SegueCore

/// `--watch`: the folders of the files the shown specs were read from, watched with inotify.
/// Folders, not files: editors save by writing a new file and renaming it over the old one.
final class FileWatcher {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private var watched: Set<String> = []

    init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Watches the folders of `files` not watched yet.
    func watch(_ files: [String]) {
        for file in files {
            let folder = Self.folder(of: file)
            guard !watched.contains(folder) else { continue }
            watched.insert(folder)
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0 { folders[watch] = folder }
        }
    }

    /// The files that changed since the last call, as `folder/name` (just `name` in `.`).
    func changes() -> [String] {
        var changed: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
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
