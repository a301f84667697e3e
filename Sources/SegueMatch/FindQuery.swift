/// A query typed into the find line, in fzf's term syntax: space-separated terms that must all
/// match; `'word` an exact substring, `^start` a prefix, `end$` a suffix, `^whole$` the whole
/// text (anchors hold at the ends of each line: a row's title, detail and value, past leading and
/// trailing spaces); `!term` must not contain the term, `!'term` must not fuzzy-match it; terms
/// joined by ` | ` are alternatives (one of them must match); anything else is fuzzy (the
/// characters in order, scored by their best alignment: `FuzzyAlignment`). A term with an
/// uppercase letter matches case; others ignore it. A term typed without accents ignores them
/// (`ecole` finds `école`); one with an accent looks for it (`é` does not find `e`). `\ ` is a space
/// inside a term.
@usableFromInline package struct FindQuery: Equatable, Sendable {
    @usableFromInline struct Term: Equatable, Sendable {
        enum Kind: Equatable, Sendable { case fuzzy, substring, prefix, suffix, whole }
        var kind: Kind
        @usableFromInline var negated: Bool
        var caseSensitive: Bool
        /// Whether accents are ignored: the term was typed without any (as in fzf).
        var ignoresAccents: Bool
        /// The term's scalars, lowercase unless the term is case-sensitive, and without accents
        /// when it ignores them.
        var pattern: [Unicode.Scalar]
    }

    /// How fuzzy terms are matched: fzf's `--algo`.
    @usableFromInline package enum Algorithm: String, Equatable, Sendable, CaseIterable {
        /// The best-scoring alignment (fzf's default, `v2`).
        case optimal = "v2"
        /// The first match, shortened from its end (fzf's `v1`): faster, ranks less well.
        case greedy = "v1"
    }

    package let text: String
    /// Groups of alternatives, every group needed: `a b | c` is `[[a], [b, c]]`.
    @usableFromInline let termSets: [[Term]]
    /// For each group whose every alternative looks for ASCII text, those texts as bytes: a line
    /// that holds none of a group's in order cannot match, which `mayMatch` tells from its bytes
    /// without decoding it (most lines of a long list, for most queries).
    @usableFromInline let byteSets: [[ByteTerm]]
    /// Whether the bytes alone decide a match on a line they are sure of (`byteLook`): every
    /// term is fuzzy, looked for, and ASCII without spaces, so matching is finding its
    /// characters in order, which the byte look does.
    @usableFromInline let bytesDecide: Bool

    @usableFromInline package let algorithm: Algorithm

    package init(_ text: String, algorithm: Algorithm = .optimal) {
        self.text = text
        self.algorithm = algorithm
        var sets: [[Term]] = []
        var joinsNext = false
        for word in Self.split(text) {
            if word == "|" {
                joinsNext = !sets.isEmpty
                continue
            }
            guard let term = Self.term(word) else { continue }
            if joinsNext, !sets.isEmpty {
                sets[sets.count - 1].append(term)
            } else {
                sets.append([term])
            }
            joinsNext = false
        }
        termSets = sets
        byteSets = sets.compactMap { set -> [ByteTerm]? in
            var terms: [ByteTerm] = []
            for term in set {
                // A `!term` holds where its text is missing: no line can be ruled out by it.
                guard !term.negated, term.pattern.allSatisfy(\.isASCII) else { return nil }
                terms.append(ByteTerm(bytes: term.pattern.filter { $0 != " " }.map { UInt8($0.value) }, caseSensitive: term.caseSensitive))
            }
            return terms
        }
        bytesDecide = !sets.isEmpty && byteSets.count == sets.count
            && sets.allSatisfy { $0.allSatisfy { $0.kind == .fuzzy && !$0.pattern.contains(" ") } }
    }

    /// Whether every row matches (nothing to look for).
    @inlinable package var isEmpty: Bool { termSets.isEmpty }

    /// Whether matches can be ordered by score: some term looks for something (with only `!`
    /// terms every match scores the same, and rows keep their order, as in fzf).
    package var ranks: Bool { termSets.contains { $0.contains { !$0.negated } } }

    /// Whether every row that matches `self` also matched `previous`, so filtering can narrow the
    /// previous result instead of starting over: the same terms with more typed at the end of the
    /// last one, or one more term.
    package func narrows(_ previous: FindQuery) -> Bool {
        guard !previous.isEmpty, algorithm == previous.algorithm, termSets.count >= previous.termSets.count else {
            return false
        }
        for (index, oldSet) in previous.termSets.enumerated() {
            let newSet = termSets[index]
            if newSet == oldSet { continue }
            // Only the last old term may have grown, and only where more text means fewer matches.
            guard index == previous.termSets.count - 1, oldSet.count == 1, newSet.count == 1,
                  let old = oldSet.first, let new = newSet.first,
                  !old.negated, !new.negated, new.kind == old.kind,
                  new.caseSensitive == old.caseSensitive || !old.caseSensitive, new.ignoresAccents == old.ignoresAccents,
                  old.kind == .fuzzy || old.kind == .substring || old.kind == .prefix,
                  (old.caseSensitive ? new.pattern : new.pattern.map(SearchText.fold)).starts(with: old.pattern)
            else { return false }
        }
        return true
    }

    /// How well `text` matches, and which of its scalars matched; `nil` when it does not. In each
    /// group the first alternative that holds counts, as in fzf. Inlinable (as are the types it
    /// names): the core's filtering calls it for every row, and compiled into it, with
    /// `positions` known, it is as fast as when they were one module.
    @inlinable package func match(_ text: SearchText, positions: Bool = false) -> FindMatch? {
        var total = 0
        var matched: [Int] = []
        for set in termSets {
            var holds = false
            for term in set {
                let found = Self.match(term, in: text, algorithm: algorithm, positions: positions && !term.negated)
                if term.negated {
                    if found == nil {
                        holds = true
                        break
                    }
                    continue
                }
                guard let found else { continue }
                total += found.score
                matched += found.positions
                holds = true
                break
            }
            if !holds { return nil }
        }
        return FindMatch(score: total, positions: positions ? Array(Set(matched)).sorted() : [])
    }

    /// How well a plain string matches; the positions are indices of its unicode scalars.
    package func match(_ string: String) -> FindMatch? {
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
        let scalars = text.unicodeScalars.filter { !SearchText.isCombiningMark($0) }
        let ignoresAccents = scalars.count == text.unicodeScalars.count
            && scalars.allSatisfy { SearchText.fold($0) == SearchText.lower($0) }
        let pattern = scalars.map { scalar in
            switch (caseSensitive, ignoresAccents) {
            case (false, true): SearchText.fold(scalar)
            case (true, true): Self.foldAccent(scalar)
            case (false, false): SearchText.lower(scalar)
            case (true, false): scalar
            }
        }
        return Term(kind: kind, negated: negated, caseSensitive: caseSensitive, ignoresAccents: ignoresAccents,
                    pattern: pattern)
    }

    /// `scalar` without its accent, its case kept.
    static func foldAccent(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let folded = SearchText.fold(scalar)
        guard scalar.properties.isUppercase, folded != scalar else { return folded }
        let upper = folded.properties.uppercaseMapping.unicodeScalars
        return upper.count == 1 ? upper.first ?? folded : folded
    }

    @usableFromInline static func match(_ term: Term, in text: SearchText, algorithm: Algorithm, positions: Bool) -> FindMatch? {
        let haystack = switch (term.caseSensitive, term.ignoresAccents) {
        case (false, true): text.folded
        case (true, true): ArraySlice(text.original.map(foldAccent))
        case (false, false): ArraySlice(text.original.map(SearchText.lower))
        case (true, false): text.original
        }
        let pattern = term.pattern
        guard pattern.count <= haystack.count else { return nil }
        switch term.kind {
        case .fuzzy:
            switch algorithm {
            case .optimal: return FuzzyAlignment.best(text, haystack, pattern, positions: positions)
            case .greedy: return FuzzyAlignment.greedy(text, haystack, pattern, positions: positions)
            }
        case .substring:
            guard let start = bestOccurrence(of: pattern, in: haystack, text: text) else { return nil }
            return Scoring.score(text, haystack, pattern, from: start, to: start + pattern.count, positions: positions)
        case .prefix, .suffix, .whole:
            return anchored(term, pattern, in: haystack, text: text, positions: positions)
        }
    }

    /// Anchors hold at the ends of each field (title, detail, value: one per line), past its
    /// leading and trailing spaces unless the term itself starts or ends with one (as in fzf).
    private static func anchored(_ term: Term, _ pattern: [Unicode.Scalar], in haystack: ArraySlice<Unicode.Scalar>,
                                 text: SearchText, positions: Bool) -> FindMatch? {
        let count = haystack.count
        let trimsStart = pattern.first.map { !$0.properties.isWhitespace } ?? true
        let trimsEnd = pattern.last.map { !$0.properties.isWhitespace } ?? true
        var lineStart = 0
        while lineStart <= count {
            var lineEnd = lineStart
            while lineEnd < count, haystack[lineEnd] != "\n" { lineEnd += 1 }
            var from = lineStart
            var to = lineEnd
            if trimsStart, term.kind != .suffix { while from < to, haystack[from].properties.isWhitespace { from += 1 } }
            if trimsEnd, term.kind != .prefix { while to > from, haystack[to - 1].properties.isWhitespace { to -= 1 } }
            let line = haystack[from..<to]
            let found: Int? = switch term.kind {
            case .prefix: line.starts(with: pattern) ? from : nil
            case .suffix: line.count >= pattern.count && line.suffix(pattern.count).elementsEqual(pattern)
                ? to - pattern.count : nil
            default: line.elementsEqual(pattern) ? from : nil
            }
            if let found {
                var match = Scoring.score(text, haystack, pattern, from: found, to: found + pattern.count, positions: positions)
                // fzf scores a whole-text match as every character at a word start.
                if term.kind == .whole {
                    match.score = (Scoring.match + Scoring.boundaryWhite) * pattern.count
                        + (Scoring.firstCharMultiplier - 1) * Scoring.boundaryWhite
                }
                return match
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// Where `pattern` occurs with the best bonus at its first character: the first occurrence at
    /// a word start, else the first with the highest bonus (fzf's exact match).
    private static func bestOccurrence(of pattern: [Unicode.Scalar], in haystack: ArraySlice<Unicode.Scalar>,
                                       text: SearchText) -> Int? {
        guard let first = pattern.first else { return 0 }
        var index = 0
        let last = haystack.count - pattern.count
        var best: Int?
        var bestBonus = -1
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + pattern.count)].elementsEqual(pattern) {
                let previous = index > 0 ? text.charClass(index - 1) : .white
                let bonus = Scoring.bonus(after: previous, for: text.charClass(index))
                if bonus > bestBonus {
                    best = index
                    bestBonus = bonus
                }
                if bonus >= Scoring.boundary { break }
            }
            index += 1
        }
        return best
    }
}

/// How well a row matched a query, and which scalars of its text matched (for highlighting).
@usableFromInline package struct FindMatch: Equatable, Sendable {
    @usableFromInline package var score: Int
    @usableFromInline package var positions: [Int]

    @inlinable package init(score: Int, positions: [Int]) {
        self.score = score
        self.positions = positions
    }
}
