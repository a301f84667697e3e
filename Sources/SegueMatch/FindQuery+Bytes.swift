/// The look at a line's bytes before it is decoded: most lines of a long list miss some term's
/// characters, which their bytes tell in a few nanoseconds each (sixteen bytes compared at a time),
/// and a plain ASCII line that has them all in order is known to match a query of fuzzy terms
/// without its text being decoded.
extension FindQuery {
    @usableFromInline struct ByteTerm: Equatable, Sendable {
        /// Lowercase unless case-sensitive; spaces left out (a field `--nth` blanks is spaces).
        @usableFromInline let bytes: [UInt8]
        /// For each byte, what is or-ed into a line's byte before comparing: 0x20 for a letter
        /// of a term that ignores case (`A` | 0x20 is `a`), else 0.
        @usableFromInline let caseMasks: [UInt8]

        init(bytes: [UInt8], caseSensitive: Bool) {
            self.bytes = bytes
            caseMasks = bytes.map { !caseSensitive && $0 >= 0x61 && $0 <= 0x7A ? 0x20 : 0 }
        }
    }

    /// What a line's bytes tell of a match.
    @usableFromInline package enum ByteLook: Sendable {
        /// Some group's texts are not in the line in order: it cannot match.
        case ruledOut
        /// It matches: every group has an alternative whose characters are in the line in order,
        /// found before any byte that is not ASCII or starts an escape sequence, and the
        /// query's terms are all fuzzy (`bytesDecide`). Only a score needs the full match.
        case matches
        /// It may match: only the full match can tell.
        case unsure
    }

    /// `mayMatch`, telling also when the bytes are enough to know the line matches.
    @inlinable package func byteLook(_ line: UnsafeBufferPointer<UInt8>) -> ByteLook {
        // Only a query the bytes can decide asks whether they are all plain ASCII.
        guard bytesDecide else { return mayMatch(line) ? .unsure : .ruledOut }
        // Where the last group's characters were found: the bytes before hold them as the text does.
        var end = 0
        for set in byteSets {
            guard let found = set.lazy.compactMap({ Self.endOfOrder($0, in: line) }).first else { return .ruledOut }
            end = max(end, found)
        }
        return Self.isPlainASCII(UnsafeBufferPointer(rebasing: line[..<end])) ? .matches : .unsure
    }

    /// Whether the line whose UTF-8 bytes are `line` may match: `false` only when some group's
    /// texts all miss it (their characters are not in it in order). A character that is not
    /// ASCII may fold to any one character (`é` is found by `e`, the Kelvin sign by `k`), so it
    /// stands for whichever is wanted next; a combining mark folds to nothing and standing for a
    /// character only lets more through. Escape sequences only add bytes, so a line they colour
    /// is judged as safely as a plain one.
    @inlinable package func mayMatch(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for set in byteSets where !set.contains(where: { Self.endOfOrder($0, in: line) != nil }) {
            return false
        }
        return true
    }

    /// Whether `term`'s bytes are in `line` in order, a character that is not ASCII (its first
    /// byte) standing for any: one pass, no allocation. Taking each wanted character as early
    /// as it comes never misses an order that holds. Where the last one was found (the index
    /// past it), or `nil`.
    @inlinable static func endOfOrder(_ term: ByteTerm, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        term.bytes.withUnsafeBufferPointer { pattern in
            term.caseMasks.withUnsafeBufferPointer { masks in
                var index = 0
                for next in pattern.indices {
                    guard let found = firstIndex(of: pattern[next], mask: masks[next], in: line, from: index) else { return nil }
                    index = found + 1
                }
                return index
            }
        }
    }

    /// The first byte of `line` from `start` on that is `wanted` once or-ed with `mask` (a
    /// letter without case), or a lead byte (0xC0…, a character that is not ASCII, which may be
    /// any): sixteen bytes compared at a time, most lines' characters being far apart.
    @inlinable @inline(__always)
    static func firstIndex(of wanted: UInt8, mask: UInt8, in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = line.baseAddress, line.count >= 16 {
            let raw = UnsafeRawPointer(base)
            let wantedLanes = SIMD16<UInt8>(repeating: wanted)
            let maskLanes = SIMD16<UInt8>(repeating: mask)
            let leadLanes = SIMD16<UInt8>(repeating: 0xBF)
            while index + 16 <= line.count {
                let lanes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let hits = (lanes | maskLanes) .== wantedLanes .| lanes .> leadLanes
                if any(hits) {
                    let marked = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 1, where: hits), to: SIMD2<UInt64>.self)
                    return index + (marked[0] != 0 ? marked[0].trailingZeroBitCount : 64 + marked[1].trailingZeroBitCount) / 8
                }
                index += 16
            }
        }
        while index < line.count {
            let byte = line[index]
            if byte | mask == wanted || byte >= 0xC0 { return index }
            index += 1
        }
        return nil
    }

    /// Whether every byte of `line` is ASCII and none is an escape (ESC): its text holds the
    /// characters the bytes do, so a term found in order in the bytes is in the text. Eight
    /// bytes at a time.
    @inlinable static func isPlainASCII(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = line.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let escapes: UInt64 = 0x1B1B_1B1B_1B1B_1B1B
        var index = 0
        while index + 8 <= line.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A byte with its high bit set, or a byte of `word ^ escapes` that is zero.
            let xored = word ^ escapes
            if (word | ((xored &- ones) & ~xored)) & high != 0 { return false }
            index += 8
        }
        while index < line.count {
            if line[index] >= 0x80 || line[index] == 0x1B { return false }
            index += 1
        }
        return true
    }
}
