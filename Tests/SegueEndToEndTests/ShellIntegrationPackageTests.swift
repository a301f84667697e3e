import Foundation
import Testing

/// `make deb`'s package, made the same way (`make install-files`, then packaging/deb.sh) of the
/// binary under test, so that no release build is needed: its file list and control data as
/// `dpkg-deb` reads them, then the binary run from a scratch root it is unpacked into (`dpkg -x`).
@Suite(.serialized) struct ShellIntegrationPackageTests {
    @Test func thePackageHoldsTheBinaryManualCompletionsAndShellScriptsWithItsRealDependencies() throws {
        guard (try? HostCommand.run(["sh", "-c", "command -v dpkg-deb"]))?.status == 0 else {
            Issue.record("dpkg-deb is missing: make test-deps installs it")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("segue-deb-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("root").path
        let installed = try HostCommand.run(["make", "-s", "-C", Paths.packageRoot, "install-files", "BIN=\(Paths.segue)",
                                             "DESTDIR=\(root)", "PREFIX=/usr"])
        #expect(installed.status == 0, "make install-files: \(installed.output)")
        let built = try HostCommand.run(["sh", Paths.packageRoot + "/packaging/deb.sh", root, scratch.appendingPathComponent("out").path])
        #expect(built.status == 0)
        let package = built.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(package.hasSuffix(".deb") && FileManager.default.fileExists(atPath: package), "deb.sh printed \(built.output)")

        let contents = try Tmux.run(["dpkg-deb", "-c", package])
        for file in ["./usr/bin/segue", "./usr/share/man/man1/segue.1.gz", "./usr/share/bash-completion/completions/segue",
                     "./usr/share/zsh/site-functions/_segue", "./usr/share/fish/vendor_completions.d/segue.fish",
                     "./usr/share/segue/shell/segue.bash", "./usr/share/segue/shell/segue.zsh", "./usr/share/segue/shell/segue.fish"] {
            #expect(contents.split(separator: "\n").contains { $0.hasSuffix(" " + file) }, "\(file) is not in the package:\n\(contents)")
        }
        #expect(contents.contains("root/root"), "files not owned by root:\n\(contents)")

        let control = try Tmux.run(["dpkg-deb", "-I", package])
        #expect(control.contains(" Package: segue\n"))
        #expect(control.contains(" Version: 1.0.0\n"))
        let depends = control.split(separator: "\n").first { $0.hasPrefix(" Depends: ") } ?? ""
        for library in ["libncursesw6", "libtinfo6", "libyaml-0-2", "libc6"] {
            #expect(depends.contains(library), "Depends lacks \(library): \(depends)")
        }

        // Unpacked into a scratch root, the binary runs and prints the scripts it was packaged with.
        let unpacked = scratch.appendingPathComponent("unpacked").path
        try Tmux.run(["dpkg", "-x", package, unpacked])
        let version = try Tmux.run([unpacked + "/usr/bin/segue", "--version"])
        #expect(version.hasPrefix("1.0.0 (") && version.contains(" build, "), "--version printed \(version)")
        for shell in ["bash", "zsh", "fish"] {
            let printed = try Tmux.run([unpacked + "/usr/bin/segue", "--" + shell])
            let shipped = try String(contentsOfFile: unpacked + "/usr/share/segue/shell/segue." + shell, encoding: .utf8)
            #expect(printed == shipped, "segue --\(shell) differs from the packaged script")
        }

        // `dpkg -i` then `dpkg -r` in a root of their own (an empty dpkg database, so the
        // dependencies are not there to check): every file comes, then goes.
        let system = scratch.appendingPathComponent("system").path
        for folder in ["var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers"] {
            try FileManager.default.createDirectory(atPath: system + "/" + folder, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: system + "/var/lib/dpkg/status", contents: nil)
        let dpkg = ["dpkg", "--root=\(system)", "--force-depends", "--force-not-root", "--force-script-chrootless", "--log=/dev/null"]
        try Tmux.run(dpkg + ["-i", package])
        #expect(FileManager.default.isExecutableFile(atPath: system + "/usr/bin/segue"))
        #expect(FileManager.default.fileExists(atPath: system + "/usr/share/segue/shell/segue.zsh"))
        try Tmux.run(dpkg + ["-r", "segue"])
        let left = (FileManager.default.enumerator(atPath: system + "/usr")?.allObjects as? [String]) ?? []
        #expect(left.isEmpty, "dpkg -r left behind: \(left)")
    }
}
