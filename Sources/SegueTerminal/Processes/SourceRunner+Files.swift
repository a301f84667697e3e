import Glibc
import SegueCore
import SegueFiles

/// File sources (`"file"`): a regular file, read whole at once.
extension SourceRunner {
    /// The events of reading `path` as `request`'s page: its items and how it ended, or why it
    /// could not be read.
    static func readFile(_ path: String, request: SourceRequest) -> [Event] {
        let key = request.key
        let refused = request.confinement.map { [Event.sourceFinished(key, .refused("reading \(path) is refused: \($0.reason)"))] }
        if let confinement = request.confinement, !confinement.contains(path) { return refused ?? [] }
        // Non-blocking: a named pipe without a writer must not hang the UI in `open`.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return [.sourceFinished(key, .failed("cannot read \(path): \(String(cString: strerror(errno)))"))]
        }
        defer { close(descriptor) }
        // Judged again on the file opened: a link swapped in since the check by name is refused.
        if let confinement = request.confinement, !confinement.contains(descriptor: descriptor, openedAs: path) {
            return refused ?? []
        }
        // Read whole, at once: only a regular file can be (a pipe, a device or a socket could
        // block or never end; a command source reads those: `"command": ["cat", PATH]`).
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return [.sourceFinished(key, .failed("cannot read \(path): not a regular file (a file source reads files; "
                                                   + "a pipe or device needs a command source)"))]
        }
        guard Int(info.st_size) <= SourceParser.outputLimit else {
            return [.sourceFinished(key, .failed("cannot read \(path): larger than \(SourceParser.outputLimit >> 20) MB, "
                                                   + "the most a source gives"))]
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let bytes: [UInt8]
        switch DescriptorReading.readAll(descriptor, limit: SourceParser.outputLimit) {
        case .success(let read): bytes = read
        case .failure(let error): return [.sourceFinished(key, .failed("cannot read \(path): \(error.reason)"))]
        }
        var parser = SourceParser(format: request.format, itemEnd: request.itemEnd)
        do {
            let first = try parser.feed(bytes[...])
            return (first.count > 0 ? [.sourceRawItems(key, first)] : []) + events(try parser.finish(), key: key)
        } catch {
            return [.sourceFinished(key, .failed("\(path): \(error.message)"))]
        }
    }
}
