import Glibc
import SegueCore
import SegueFiles

/// File sources (`"file"`): a regular file, read as a stream is, a chunk between keys.
extension SourceRunner {
    /// `path` opened for `request`'s page: the descriptor to read it from, or the events of why
    /// it cannot be read.
    static func openFile(_ path: String, request: SourceRequest) -> Result<Int32, Refusal> {
        let key = request.key
        let refused = request.confinement.map { Refusal(events: [Event.sourceFinished(key, .refused("reading \(path) is refused: \($0.reason)"))]) }
        if let confinement = request.confinement, !confinement.contains(path) { return .failure(refused ?? Refusal(events: [])) }
        // Non-blocking: a named pipe without a writer must not hang the UI in `open`.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(Refusal(events: [.sourceFinished(key, .failed("cannot read \(path): \(String(cString: strerror(errno)))"))]))
        }
        // Judged again on the file opened: a link swapped in since the check by name is refused.
        if let confinement = request.confinement, !confinement.contains(descriptor: descriptor, openedAs: path) {
            close(descriptor)
            return .failure(refused ?? Refusal(events: []))
        }
        // Only a regular file (a pipe, a device or a socket could block or never end; a command
        // source reads those: `"command": ["cat", PATH]`).
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(Refusal(events: [.sourceFinished(key, .failed("cannot read \(path): not a regular file (a file source reads files; "
                                                   + "a pipe or device needs a command source)"))]))
        }
        guard Int(info.st_size) <= SourceParser.outputLimit else {
            close(descriptor)
            return .failure(Refusal(events: [.sourceFinished(key, .failed("cannot read \(path): larger than \(SourceParser.outputLimit >> 20) MB, "
                                                   + "the most a source gives"))]))
        }
        return .success(descriptor)
    }

    /// Why a file source gives nothing: the events saying so.
    struct Refusal: Error {
        var events: [Event]
    }
}
