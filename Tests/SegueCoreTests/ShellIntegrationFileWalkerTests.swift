#if canImport(Glibc)
import Glibc
#endif
import SegueFiles
import Testing

/// The file walker on its own: its paths handed out in batches as they are found (not once the
/// walk is over), and the walk stopping as soon as whoever takes them says so (the user has
/// chosen), whatever is left of the tree.
@Suite struct ShellIntegrationFileWalkerTests {
    static let folders = 200
    static let filesPerFolder = 50

    /// A tree of `folders` folders of `filesPerFolder` files each; its path.
    func makeTree() -> String {
        let root = "/tmp/segue-walker-unit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(root, 0o755)
        for folder in 0..<Self.folders {
            let path = "\(root)/folder-\(folder)"
            mkdir(path, 0o755)
            for file in 0..<Self.filesPerFolder {
                close(open("\(path)/file-\(file).txt", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644))
            }
        }
        return root
    }

    func remove(_ tree: String) {
        _ = system("rm -rf '\(tree)'")
    }

    func options(root: String) throws -> WalkerOptions {
        try WalkerOptions(kinds: "file", roots: [root])
    }

    @Test func everyPathComesOnceInBatchesHandedOutAsTheyAreFound() throws {
        let tree = makeTree()
        defer { remove(tree) }
        var batches = 0
        var paths: [String] = []
        let walker = FileWalker(try options(root: tree)) { bytes in
            batches += 1
            paths += bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return true
        }
        walker.run(threads: 4)
        #expect(paths.count == Self.folders * Self.filesPerFolder)
        #expect(Set(paths).count == paths.count)
        #expect(paths.allSatisfy { $0.hasPrefix(tree + "/folder-") && $0.hasSuffix(".txt") })
        // 10,000 paths of about 60 bytes are many batches of 32 KiB, not one at the end.
        #expect(batches >= 10, "\(batches) batches")
    }

    @Test func theWalkStopsWhenTheReaderSaysSo() throws {
        let tree = makeTree()
        defer { remove(tree) }
        var batches = 0
        var paths = 0
        let walker = FileWalker(try options(root: tree)) { bytes in
            batches += 1
            paths += bytes.split(separator: 0).count
            return false
        }
        walker.run(threads: 4)
        // Each thread hands out what it has when told to stop, then reads no folder more.
        #expect(batches <= 4, "\(batches) batches after the first said stop")
        #expect(paths < Self.folders * Self.filesPerFolder / 2, "\(paths) paths listed after stop")
    }

    @Test func stopFromAnotherThreadEndsTheWalk() throws {
        let tree = makeTree()
        defer { remove(tree) }
        var paths = 0
        var walker: FileWalker?
        walker = FileWalker(try options(root: tree)) { bytes in
            paths += bytes.split(separator: 0).count
            walker?.stop()
            return true
        }
        walker?.run(threads: 2)
        #expect(paths < Self.folders * Self.filesPerFolder / 2, "\(paths) paths listed after stop")
    }
}
