import Glibc

/// Whole reads and writes on a file descriptor, through short counts and interrupted calls.
enum DescriptorIO {
    /// Everything `descriptor` gives until its end (or an error).
    static func readAll(from descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// Writes all of `bytes`; false when the descriptor stops taking them (a reader gone).
    @discardableResult
    static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            rest = rest.dropFirst(count)
        }
        return true
    }

    /// Copies what `source` gives to `target` until either ends.
    static func copy(from source: Int32, to target: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0, writeAll(buffer[0..<count], to: target) else { return }
        }
    }
}
