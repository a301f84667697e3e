import Glibc

/// A private folder of a few files that must not outlive the process, even when a signal ends
/// it (`--tmux`'s FIFOs and answer files): removed by `remove()`, or on a signal that ends the
/// process (`EndingSignals`), which then ends it as the signal would have.
///
/// One at a time. The handler touches only C strings made beforehand: `unlink` and `rmdir` are
/// all it calls, both safe in a signal handler.
enum TemporaryFolder {
    /// The files' paths, then the folder's, each a C string; `nil` when nothing is held.
    nonisolated(unsafe) private static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var count = 0
    /// What the signals did before, put back by `remove()`.
    nonisolated(unsafe) private static var previous: EndingSignals.Previous = []

    /// Holds `folder` with `files` (names in it) until `remove()` or a signal.
    static func removeOnSignal(_ folder: String, files: [String]) {
        remove()
        let all = files.map { folder + "/" + $0 } + [folder]
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: all.count)
        for (index, path) in all.enumerated() { list[index] = strdup(path) }
        count = all.count
        paths = list
        previous = EndingSignals.install { number in
            TemporaryFolder.removeNow()
            EndingSignals.endAsSignalled(number)
        }
    }

    /// Removes the folder held, and puts the signals' earlier actions back.
    static func remove() {
        guard let list = paths else { return }
        EndingSignals.restore(previous)
        removeNow()
        for index in 0..<count { free(list[index]) }
        list.deallocate()
        paths = nil
        count = 0
    }

    /// The files, then the folder (each once removed, a second call does nothing harmful).
    private static func removeNow() {
        guard let list = paths else { return }
        for index in 0..<count {
            guard let path = list[index] else { continue }
            if index == count - 1 { rmdir(path) } else { unlink(path) }
        }
    }
}
