/// Text prepared for matching: its scalars as written (for word boundaries and camelCase) and
/// folded (lowercase, accents removed) for comparing.
///
/// Accents are folded as fzf 0.74's table folds them (Latin letters, and the other characters
/// its table gives an ASCII one: `ạ`, `ș`, the fullwidth `ｅ`), and combining marks are skipped,
/// so `e` finds `é` whether it is written as one scalar or as `e` + U+0301.
///
/// It knows nothing of escape sequences: the core loads a row's text without them
/// (`load(shown:)`), as they are not part of what shows.
@usableFromInline package struct SearchText {
    /// Storage grown to the longest text held so far; only the first `count` scalars count.
    private var originalStorage: [Unicode.Scalar] = []
    private var foldedStorage: [Unicode.Scalar] = []
    /// Each kept scalar's class (`Scoring.CharClass`), found once as the text is loaded instead
    /// of at every look the scoring takes.
    private var classStorage: [Scoring.CharClass] = []
    /// For each kept scalar, its index among all the text's scalars (combining marks are not
    /// kept); filled only by `load(_:)`, for highlighting.
    private(set) var sourceIndex: [Int32] = []
    private(set) var count = 0

    init(_ text: String) {
        load(text)
    }

    package init() {}

    /// The scalars kept, as written.
    var original: ArraySlice<Unicode.Scalar> { originalStorage[0..<count] }
    /// The same scalars folded: lowercase and without accents.
    var folded: ArraySlice<Unicode.Scalar> { foldedStorage[0..<count] }

    /// The class of kept scalar `index`, for word boundaries and camelCase.
    func charClass(_ index: Int) -> Scoring.CharClass { classStorage[index] }

    /// Calls `body` with the kept scalars' classes (the buffer may run past `count`).
    func withClasses<Result>(_ body: (UnsafeBufferPointer<Scoring.CharClass>) -> Result) -> Result {
        classStorage.withUnsafeBufferPointer(body)
    }

    /// Holds `text` instead, with `sourceIndex` filled in.
    package mutating func load(_ text: String) {
        var original: [Unicode.Scalar] = []
        var folded: [Unicode.Scalar] = []
        var classes: [Scoring.CharClass] = []
        sourceIndex.removeAll(keepingCapacity: true)
        var index: Int32 = 0
        for scalar in text.unicodeScalars {
            defer { index += 1 }
            if Self.isCombiningMark(scalar) { continue }
            original.append(scalar)
            folded.append(Self.fold(scalar))
            classes.append(Scoring.CharClass(scalar))
            sourceIndex.append(index)
        }
        originalStorage = original
        foldedStorage = folded
        classStorage = classes
        count = original.count
    }

    /// Holds the UTF-8 text `bytes` (valid UTF-8, as a spec's strings are once loaded) instead,
    /// decoded here into the same storage as the last text: filtering a long list prepares every
    /// row's text with no allocation. `sourceIndex` is not kept. Every byte is kept, an escape
    /// (ESC) too; the result says whether there was one, for a caller that leaves escape
    /// sequences out to load the text again without them.
    @discardableResult
    package mutating func load(utf8 bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { load(utf8: $0) }
    }

    /// `load(utf8:)` from storage read in place.
    @discardableResult
    package mutating func load(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var sawEscape = false
        if originalStorage.count < bytes.count {
            originalStorage = Array(repeating: " ", count: bytes.count * 2)
            foldedStorage = originalStorage
            classStorage = Array(repeating: .white, count: bytes.count * 2)
        }
        var kept = 0
        let asciiClasses = Scoring.CharClass.ascii
        originalStorage.withUnsafeMutableBufferPointer { original in
            foldedStorage.withUnsafeMutableBufferPointer { folded in
                classStorage.withUnsafeMutableBufferPointer { classes in
                    asciiClasses.withUnsafeBufferPointer { asciiClasses in
                        let input = bytes
                        var index = 0
                        while index < input.count {
                            let byte = input[index]
                            if byte < 0x80 {
                                if byte == 0x1B { sawEscape = true }
                                original[kept] = Unicode.Scalar(byte)
                                folded[kept] = Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
                                classes[kept] = asciiClasses[Int(byte)]
                                kept += 1
                                index += 1
                                continue
                            }
                            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                            var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                            for offset in 1..<length where index + offset < input.count {
                                value = value << 6 | UInt32(input[index + offset] & 0x3F)
                            }
                            index += length
                            guard let scalar = Unicode.Scalar(value), !Self.isCombiningMark(scalar) else { continue }
                            original[kept] = scalar
                            folded[kept] = Self.fold(scalar)
                            classes[kept] = Scoring.CharClass(scalar)
                            kept += 1
                        }
                    }
                }
            }
        }
        count = kept
        return sawEscape
    }

    /// `scalar` in lowercase without its accent.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x80 {
            return value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 32)) : scalar
        }
        if let ascii = foldedASCII(value) { return Unicode.Scalar(ascii) }
        // Latin-1's symbols (·, «, °…) have no case and no accent.
        if value < 0xC0 { return scalar }
        return lower(scalar)
    }

    /// `scalar` in lowercase, its accent kept.
    static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 32)) : scalar }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first ?? scalar : scalar
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x300...0x36F).contains(scalar.value)
    }
}
