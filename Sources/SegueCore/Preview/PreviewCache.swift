/// Finished preview output, kept so coming back to a row shows its preview at once instead of
/// running its command again. One cache for the whole session, bounded in bytes: previews of
/// 100 MB each must not pile up per screen. A screen's output goes when the screen is left (a
/// reloaded screen is a new one), else the least recently shown goes first.
///
/// Cost: a look-up or a remembered preview moves at most `entryLimit` keys; the text is counted
/// once, as it is remembered.
struct PreviewCache: Sendable {
    /// A screen's preview: the same command on two screens (two folders) is two entries.
    struct Key: Hashable, Sendable {
        var screen: Int
        var spec: PreviewSpec
    }

    /// What all the kept output may weigh, in bytes of text (and a string's own size per line).
    static let byteLimit = 64 << 20
    /// Previews kept, whatever they weigh.
    static let entryLimit = 256
    /// What one line costs besides its text: a `String` in an array.
    static let lineOverhead = 16

    private var entries: [Key: (lines: [String], bytes: Int)] = [:]
    /// The keys, least recently shown first.
    private var order: [Key] = []
    /// What the kept output weighs now.
    private(set) var bytes = 0

    /// The output kept for `key`, which becomes the most recently shown; `nil` when none is.
    mutating func lines(for key: Key) -> [String]? {
        guard let entry = entries[key] else { return nil }
        if let index = order.firstIndex(of: key) { order.remove(at: index) }
        order.append(key)
        return entry.lines
    }

    /// Keeps `lines` for `key`, dropping the output of screens no longer on the stack (not
    /// in `screens`), then the least recently shown, until it fits. Output heavier than the
    /// whole cache is not kept.
    mutating func remember(_ lines: [String], for key: Key, screens: Set<Int>) {
        for left in order where !screens.contains(left.screen) { forget(left) }
        forget(key)
        let weight = lines.reduce(0) { $0 + $1.utf8.count + Self.lineOverhead }
        guard weight <= Self.byteLimit else { return }
        while let oldest = order.first, bytes + weight > Self.byteLimit || order.count >= Self.entryLimit { forget(oldest) }
        entries[key] = (lines, weight)
        order.append(key)
        bytes += weight
    }

    /// Lets go of `key`'s output, so its command runs again (a `refresh-preview` binding).
    mutating func forget(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        bytes -= entry.bytes
        if let index = order.firstIndex(of: key) { order.remove(at: index) }
    }
}
