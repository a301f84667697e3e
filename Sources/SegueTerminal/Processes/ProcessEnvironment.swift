import Glibc

/// The environment the process was started with, for `{{env.NAME}}`.
package enum ProcessEnvironment {
    /// Every variable, by name.
    package static func variables() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
