/// How a preview's pane is laid out, said by the preview itself (a spec's `"preview"` object, or
/// fzf's `--preview-window` for lines piped in): its side, its size, whether long lines wrap, and
/// the line it opens at — a grep hit's line, from the row's data.
public struct PreviewWindow: Hashable, Sendable {
    /// The pane's size along the side it takes: columns beside the list, lines below it.
    public enum Extent: Hashable, Sendable {
        case cells(Int)
        case percent(Int)

        /// The cells of `total` this extent takes.
        package func cells(of total: Int) -> Int {
            switch self {
            case .cells(let count): return count
            case .percent(let share): return total * share / 100
            }
        }

        /// `40%` or `12`; `nil` for anything else.
        package init?(parsing text: String) {
            if text.hasSuffix("%"), let share = Int(text.dropLast()), (1...99).contains(share) {
                self = .percent(share)
            } else if let count = Int(text), count > 0 {
                self = .cells(count)
            } else {
                return nil
            }
        }
    }

    /// Beside the list (right, left) or above or below it; `nil` leaves it to `--preview` (auto by the width).
    public var side: PreviewSide?
    public var extent: Extent?
    /// Long lines continue on the next line instead of being cut.
    public var wraps = false
    /// The line shown at the top when the preview opens, counting from 1, as an expression of
    /// whole numbers added and subtracted after the templates are rendered (`"{{item.fields.1}}-5"`
    /// becomes `120-5`: line 115 at the top, so line 120 shows 5 lines down, as fzf's `+{2}-5`).
    public var offset: String?
    /// The pane starts hidden (Ctrl-O shows it): fzf's `hidden`.
    public var startsHidden = false

    public init(side: PreviewSide? = nil, extent: Extent? = nil, wraps: Bool = false, offset: String? = nil,
                startsHidden: Bool = false) {
        self.side = side
        self.extent = extent
        self.wraps = wraps
        self.offset = offset
        self.startsHidden = startsHidden
    }

    /// The first line to show (0-based), from the rendered `offset`; 0 when it says no number.
    public var firstLine: Int {
        guard let offset else { return 0 }
        var total = 0
        var sign = 1
        var digits = ""
        var sawNumber = false
        func flush() {
            if let number = Int(digits) {
                total += sign * number
                sawNumber = true
            }
            digits = ""
        }
        for character in offset where !character.isWhitespace {
            switch character {
            case "0"..."9": digits.append(character)
            case "+", "-":
                flush()
                sign = character == "-" ? -1 : 1
            default: return 0
            }
        }
        flush()
        return sawNumber ? max(0, total - 1) : 0
    }
}

extension PreviewWindow {
    /// fzf's `--preview-window` text (`right,60%,wrap,+{2}-5`), with the offset's fzf placeholders
    /// already turned into templates by the caller. Returns the window and the words it does not
    /// know (border styles, `follow`, `~3` header lines and the like are fzf's alone).
    public static func parse(fzf text: String, placeholders: (String) -> String = { $0 }) -> (PreviewWindow, ignored: [String]) {
        var window = PreviewWindow()
        var ignored: [String] = []
        for word in text.split(separator: ",").map(String.init) where !word.isEmpty {
            switch word {
            case "right": window.side = .right
            case "left": window.side = .left
            case "down", "bottom": window.side = .bottom
            case "up", "top": window.side = .top
            case "wrap": window.wraps = true
            case "nowrap": window.wraps = false
            case "hidden": window.startsHidden = true
            case "nohidden": window.startsHidden = false
            default:
                if let extent = Extent(parsing: word) {
                    window.extent = extent
                } else if word.hasPrefix("+") {
                    // `+{2}-5/2`: the `/2` (a fraction of the pane) is fzf's alone.
                    let expression = word.dropFirst().split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
                    window.offset = placeholders(expression)
                } else {
                    ignored.append(word)
                }
            }
        }
        return (window, ignored)
    }

    /// The window as a spec's `"preview"` keys.
    package var json: [String: JSONValue] {
        var members: [String: JSONValue] = ["wrap": .bool(wraps)]
        switch side {
        case let side?: members["position"] = .string(side.rawValue)
        case nil: break
        }
        switch extent {
        case .cells(let count)?: members["size"] = .number(String(count))
        case .percent(let share)?: members["size"] = .string("\(share)%")
        case nil: break
        }
        if let offset { members["offset"] = .string(offset) }
        return members
    }

    /// The layout keys of a spec's `"preview"` object: `position`, `size`, `wrap`, `offset`.
    package static let keys: Set<String> = ["position", "size", "wrap", "offset"]

    /// Reads `key` of a `"preview"` object into this window; `false` when it is not one of the
    /// window's keys.
    package mutating func decode(_ key: String, _ value: JSONValue, path: String) -> Result<Bool, ShapeProblem> {
        switch key {
        case "position":
            switch value {
            case .string("auto"), .null: side = nil
            case .string(let name) where PreviewSide(rawValue: name) != nil: side = PreviewSide(rawValue: name)
            default: return .failure(.expected("\"right\", \"left\", \"bottom\", \"top\" or \"auto\"", found: value, at: path))
            }
        case "size":
            let extent: Extent?
            switch value {
            case .string(let text): extent = Extent(parsing: text)
            case .number(let number): extent = Int(number).flatMap { $0 > 0 ? .cells($0) : nil }
            default: extent = nil
            }
            guard let extent else {
                return .failure(.expected("columns or lines as a number (30), or a share such as \"40%\"", found: value, at: path))
            }
            self.extent = extent
        case "wrap":
            guard case .bool(let flag) = value else { return .failure(.expected("true or false", found: value, at: path)) }
            wraps = flag
        case "offset":
            switch value {
            case .string(let text): offset = text
            case .number(let number): offset = Int(number).map(String.init)
            default: return .failure(.expected("a line number, or a template such as \"{{item.fields.1}}-5\"", found: value, at: path))
            }
        default:
            return .success(false)
        }
        return .success(true)
    }
}

/// Where the preview pane goes (`--preview`): beside the list on a wide terminal, below it on a
/// narrow one (`auto`), always one side, or never.
public enum PreviewPlacement: String, Sendable, CaseIterable {
    case auto, right, bottom, off
}

/// Which side of the list the preview pane is on.
public enum PreviewSide: String, Equatable, Sendable, CaseIterable {
    case right, left, bottom, top

    /// Beside the list (columns), not above or below it (lines).
    public var isBeside: Bool { self == .right || self == .left }
}
