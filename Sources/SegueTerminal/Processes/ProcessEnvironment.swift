import Glibc

/// The environment the process was started with, for `{{env.NAME}}`.
package enum ProcessEnvironment {
    /// Every variable, by name.
    package static func variables() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // Split as bytes: searching a String by characters costs a start-up millisecond.
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).bindMemory(to: UInt8.self)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return result
    }
}
