/// A count of bytes as messages say it: `512 bytes`, `3.4 KB`, `48 MB` (units of 1,024).
package enum ByteSize {
    package static func text(_ count: Int) -> String {
        guard count >= 1024 else { return count == 1 ? "1 byte" : "\(count) bytes" }
        var value = Double(count) / 1024
        var unit = "KB"
        for next in ["MB", "GB", "TB"] where value >= 1024 {
            value /= 1024
            unit = next
        }
        // One decimal under ten (`3.4 MB`), none above (`48 MB`).
        let tenths = (value * 10).rounded()
        let shown = value < 9.95 ? (tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))" : "\(Int(tenths / 10)).\(Int(tenths.truncatingRemainder(dividingBy: 10)))")
            : "\(Int(value.rounded()))"
        return shown + " " + unit
    }
}
