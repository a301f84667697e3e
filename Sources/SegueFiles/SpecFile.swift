#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// Reads a spec file into one buffer with POSIX calls, mapping failures to `SpecError`.
///
/// A regular file is read with one allocation of exactly its size and no copy (the buffer becomes
/// the `LazyRowTable`'s storage); `Data(contentsOf:)` would add Foundation, a copy and time.
/// Pipes and other streams are read in chunks.
enum SpecFile {
    static let sizeLimit = SpecLoader.sizeLimit
    static let tooLargeReason = SpecLoader.tooLargeReason

    /// The bytes of the file at `path`; ENOENT is `.notFound`, any other failure `.unreadable`.
    /// With `pipes` false only a regular file is read: a named pipe is refused at once rather
    /// than waited on (a file a spec names is read while the screen waits for it).
    static func contents(of path: String, confinement: Confinement? = nil, pipes: Bool = true) throws(SpecError) -> [UInt8] {
        if let confinement, !confinement.contains(path) {
            throw SpecError(file: path, kind: .unreadable(confinement.reason))
        }
        // Non-blocking, so a named pipe without a writer cannot hang the browser in `open`.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { close(descriptor) }
        // The file opened is the one judged: a link swapped in after the check by name is caught.
        if let confinement, !confinement.contains(descriptor: descriptor, openedAs: path) {
            throw SpecError(file: path, kind: .unreadable(confinement.reason))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path, errno) }
        let kind = info.st_mode & S_IFMT
        guard kind != S_IFDIR else { throw failure(path, EISDIR) }
        // A terminal or /dev/zero would be read forever; only files and pipes hold specs.
        guard kind == S_IFREG || (kind == S_IFIFO && pipes) else {
            throw SpecError(file: path, kind: .unreadable(pipes ? "not a regular file or a pipe" : "not a regular file"))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        // Pipes (`<(…)`), and files that report no size (as in /proc), are read as streams.
        let size = Int(info.st_size)
        guard info.st_mode & S_IFMT == S_IFREG, size > 0 else { return try readStream(descriptor, path: path) }
        guard size <= sizeLimit else { throw SpecError(file: path, kind: .unreadable(tooLargeReason)) }
        var code: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            adviseHugePages(base, count: size)
            // A file that shrinks meanwhile ends early; one that grows is cut at the size fstat saw.
            while initialized < size {
                let count = read(descriptor, base + initialized, size - initialized)
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    break
                } else if errno != EINTR {
                    code = errno
                    break
                }
            }
        }
        guard code == 0 else { throw failure(path, code) }
        return bytes
    }

    /// Asks Linux to back a large buffer with 2 MB pages before filling it.
    ///
    /// Faulting in 4 KB pages costs more than the copy itself: a 66 MB spec reads in about 11 ms
    /// instead of 36. A hint only; where it is refused, nothing changes.
    private static func adviseHugePages(_ base: UnsafeMutablePointer<UInt8>, count: Int) {
        #if os(Linux)
        let page = 4096
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + count) & ~(page - 1)
        guard end - start >= 1 << 21, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// A stream (a pipe, standard input) read to its end.
    static func readStream(_ descriptor: Int32, path: String) throws(SpecError) -> [UInt8] {
        switch DescriptorReading.readAll(descriptor, limit: sizeLimit) {
        case .success(let bytes): return bytes
        case .failure(let error) where error.code == EFBIG: throw SpecError(file: path, kind: .unreadable(tooLargeReason))
        case .failure(let error): throw failure(path, error.code)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> SpecError {
        guard code != ENOENT else { return SpecError(file: path, kind: .notFound) }
        return SpecError(file: path, kind: .unreadable(String(cString: strerror(code))))
    }
}
