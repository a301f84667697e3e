/// A query typed into the find line, in fzf's term syntax: space-separated terms that must all
/// match; `'word` an exact substring, `^start` a prefix, `end$` a suffix, `^whole$` the whole
/// text (anchors hold at the ends of a row's title, detail and value alike); `!term` must not
/// contain the term, `!'term` must not fuzzy-match it; anything else is fuzzy (the characters in
/// order). A term with an uppercase letter matches case; others ignore it. Accents never matter.
/// `\ ` is a space inside a term.
public struct FindQuery: Equatable, Sendable {
    struct Term: Equatable, Sendable {
        enum Kind: Equatable, Sendable { case fuzzy, substring, prefix, suffix, whole }
        var kind: Kind
        var negated: Bool
        var caseSensitive: Bool
        /// The term's scalars, folded like the text unless the term is case-sensitive (then only
        /// accents are folded).
        var pattern: [Unicode.Scalar]
    }

    public let text: String
    let terms: [Term]

    public init(_ text: String) {
        self.text = text
        terms = Self.split(text).compactMap(Self.term)
    }

    /// Whether every row matches (nothing to look for).
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether every row that matches `self` also matched `previous`, so filtering can narrow the
    /// previous result instead of starting over: the same terms with more typed at the end of the
    /// last one, or one more term.
    public func narrows(_ previous: FindQuery) -> Bool {
        guard !previous.isEmpty, terms.count >= previous.terms.count else { return false }
        for (index, old) in previous.terms.enumerated() {
            let new = terms[index]
            if new == old { continue }
            // Only the last old term may have grown, and only where more text means fewer matches.
            guard index == previous.terms.count - 1, !old.negated, !new.negated, new.kind == old.kind,
                  new.caseSensitive == old.caseSensitive || !old.caseSensitive,
                  old.kind == .fuzzy || old.kind == .substring || old.kind == .prefix,
                  (old.caseSensitive ? new.pattern : new.pattern.map(SearchText.fold)).starts(with: old.pattern)
            else { return false }
        }
        return true
    }

    /// How well `text` matches, and which of its scalars matched; `nil` when it does not.
    func match(_ text: SearchText, positions: Bool = false) -> FindMatch? {
        var total = 0
        var matched: [Int] = []
        for term in terms {
            let found = Self.match(term, in: text, positions: positions && !term.negated)
            if term.negated {
                if found != nil { return nil }
                continue
            }
            guard let found else { return nil }
            total += found.score
            matched += found.positions
        }
        return FindMatch(score: total, positions: positions ? Array(Set(matched)).sorted() : [])
    }

    /// How well a plain string matches; the positions are indices of its unicode scalars.
    public func match(_ string: String) -> FindMatch? {
        let text = SearchText(string)
        guard var found = match(text, positions: true) else { return nil }
        found.positions = found.positions.map { Int(text.sourceIndex[$0]) }
        return found
    }

    private static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func term(_ word: String) -> Term? {
        var text = Substring(word)
        var negated = false
        if text.first == "!" {
            negated = true
            text = text.dropFirst()
        }
        // fzf's rule: a negated term is exact ("does not contain"); `!'` makes it fuzzy again.
        var kind = negated ? Term.Kind.substring : .fuzzy
        if text.first == "'" {
            kind = negated ? .fuzzy : .substring
            text = text.dropFirst()
        } else if text.first == "^" {
            kind = .prefix
            text = text.dropFirst()
        }
        // A lone `$` is looked for as it is.
        if text.last == "$", text.count > 1 || kind == .prefix, !(text.count >= 2 && text.dropLast().last == "\\") {
            kind = kind == .prefix ? .whole : .suffix
            text = text.dropLast()
        }
        guard !text.isEmpty else { return nil }
        let caseSensitive = text.contains { $0.isUppercase }
        let pattern = text.unicodeScalars.filter { !SearchText.isCombiningMark($0) }.map { scalar in
            caseSensitive ? Self.foldAccent(scalar) : SearchText.fold(scalar)
        }
        return Term(kind: kind, negated: negated, caseSensitive: caseSensitive, pattern: pattern)
    }

    /// `scalar` without its accent, its case kept.
    static func foldAccent(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let folded = SearchText.fold(scalar)
        guard scalar.properties.isUppercase, folded != scalar else { return folded }
        let upper = folded.properties.uppercaseMapping.unicodeScalars
        return upper.count == 1 ? upper.first ?? folded : folded
    }

    private static func match(_ term: Term, in text: SearchText, positions: Bool) -> FindMatch? {
        let haystack = term.caseSensitive ? ArraySlice(text.original.map(foldAccent)) : text.folded
        let pattern = term.pattern
        let count = haystack.count
        guard pattern.count <= count else { return nil }
        switch term.kind {
        case .fuzzy:
            // Forward to the end of the first full match, then back to its latest start: the
            // shortest window ending there (fzf's first algorithm).
            var index = 0
            var end = -1
            var next = 0
            while index < count {
                if haystack[index] == pattern[next] {
                    next += 1
                    if next == pattern.count { end = index + 1; break }
                }
                index += 1
            }
            guard end > 0 else { return nil }
            var start = end - 1
            next = pattern.count - 1
            while start >= 0 {
                if haystack[start] == pattern[next] {
                    if next == 0 { break }
                    next -= 1
                }
                start -= 1
            }
            return Scoring.score(text, haystack, pattern, from: start, to: end, positions: positions)
        case .substring:
            guard let start = firstIndex(of: pattern, in: haystack) else { return nil }
            return Scoring.score(text, haystack, pattern, from: start, to: start + pattern.count, positions: positions)
        case .prefix, .suffix, .whole:
            // Anchors hold at the ends of each field (title, detail, value), one per line.
            var lineStart = 0
            while lineStart <= count {
                var lineEnd = lineStart
                while lineEnd < count, haystack[lineEnd] != "\n" { lineEnd += 1 }
                let line = haystack[lineStart..<lineEnd]
                let found: Int? = switch term.kind {
                case .prefix: line.starts(with: pattern) ? lineStart : nil
                case .suffix: line.count >= pattern.count && line.suffix(pattern.count).elementsEqual(pattern)
                    ? lineEnd - pattern.count : nil
                default: line.elementsEqual(pattern) ? lineStart : nil
                }
                if let found {
                    return Scoring.score(text, haystack, pattern, from: found, to: found + pattern.count, positions: positions)
                }
                lineStart = lineEnd + 1
            }
            return nil
        }
    }

    private static func firstIndex(of pattern: [Unicode.Scalar], in haystack: ArraySlice<Unicode.Scalar>) -> Int? {
        guard let first = pattern.first else { return 0 }
        var index = 0
        let last = haystack.count - pattern.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}

/// How well a row matched a query, and which scalars of its text matched (for highlighting).
public struct FindMatch: Equatable, Sendable {
    public var score: Int
    public var positions: [Int]
}
