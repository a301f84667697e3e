#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

extension UserConfig {
    /// The config at `path`: none when the file does not exist.
    package static func load(path: String) -> Result<UserConfig, SpecError> {
        guard access(path, F_OK) == 0 else { return .success(UserConfig()) }
        do {
            return decode(try SpecFile.contents(of: path), file: path)
        } catch {
            return .failure(error)
        }
    }
}
