/// What `segue --version` says: the version, then how the binary was built.
extension SegueCommand {
    /// How this binary was built, after the version (`1.0.0 (release build, x86_64 Linux)`): a bug
    /// report says which build it came from, and packages are named by the version alone.
    static var build: String {
        #if DEBUG
        let kind = "debug build"
        #else
        let kind = "release build"
        #endif
        #if arch(x86_64)
        let machine = "x86_64"
        #elseif arch(arm64)
        let machine = "arm64"
        #else
        let machine = "other machine"
        #endif
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "other system"
        #endif
        return "\(kind), \(machine) \(system)"
    }

    static var fullVersion: String { "\(version) (\(build))" }
}
