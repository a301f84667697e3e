#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// Reading an open descriptor to its end, for specs, settings and source files alike.
package enum DescriptorReading {
    /// Everything `descriptor` yields until end of file, or the `errno` of the read that failed;
    /// stops with `EFBIG` past `limit` bytes.
    package static func readAll(_ descriptor: Int32, limit: Int = .max) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        // Small first and larger while data keeps coming: most reads are of small files (settings,
        // /proc), for which a zeroed 64 KB buffer cost more than the read.
        var chunk = [UInt8](repeating: 0, count: 1 << 12)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                if count == chunk.count, chunk.count < 1 << 16 { chunk = [UInt8](repeating: 0, count: chunk.count * 4) }
                if bytes.count > limit { return .failure(ReadError(code: EFBIG)) }
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                return .failure(ReadError(code: errno))
            }
        }
    }
}

/// A failed read: the system's error number.
package struct ReadError: Error, Equatable {
    package var code: Int32

    /// The system's text for it: "Is a directory".
    package var reason: String { String(cString: strerror(code)) }
}
