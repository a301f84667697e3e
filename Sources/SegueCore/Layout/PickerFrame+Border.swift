/// fzf's `--border`, `--border-label`, `--margin` and `--padding`: what stands around the frame
/// and the preview pane, from the outside in: the margin, the border (with a blank column inside
/// each side line, as fzf keeps), the padding.
extension PickerFrame {
    /// fzf's border styles: all four sides in one of its glyph sets, or some sides in lines.
    public enum BorderStyle: String, CaseIterable, Sendable {
        case rounded, sharp, bold, double, block, thinblock, horizontal, vertical, top, bottom, left, right, none

        /// The glyphs: the corners (top left, top right, bottom left, bottom right), then the
        /// top, bottom, left and right lines.
        var glyphs: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String,
                     top: String, bottom: String, left: String, right: String) {
            switch self {
            case .sharp: return ("┌", "┐", "└", "┘", "─", "─", "│", "│")
            case .bold: return ("┏", "┓", "┗", "┛", "━", "━", "┃", "┃")
            case .double: return ("╔", "╗", "╚", "╝", "═", "═", "║", "║")
            case .block: return ("▛", "▜", "▙", "▟", "▀", "▄", "▌", "▐")
            case .thinblock: return ("🭽", "🭾", "🭼", "🭿", "▔", "▁", "▏", "▕")
            default: return ("╭", "╮", "╰", "╯", "─", "─", "│", "│")
            }
        }

        var hasTop: Bool { ![.vertical, .bottom, .left, .right, .none].contains(self) }
        var hasBottom: Bool { ![.vertical, .top, .left, .right, .none].contains(self) }
        var hasLeft: Bool { ![.horizontal, .top, .bottom, .right, .none].contains(self) }
        var hasRight: Bool { ![.horizontal, .top, .bottom, .left, .none].contains(self) }
    }

    /// A side's width in fzf's `--margin`/`--padding`: cells, or a share of the screen's side.
    public enum Inset: Equatable, Sendable {
        case cells(Int)
        case percent(Int)

        func cells(of total: Int) -> Int {
            switch self {
            case .cells(let count): return count
            case .percent(let share): return total * share / 100
            }
        }
    }

    /// fzf's TRBL: one value for every side, two for top and bottom then left and right, three
    /// for top, left and right, bottom, or four from the top round; `nil` when it is none of them.
    public struct Insets: Equatable, Sendable {
        public var top: Inset, right: Inset, bottom: Inset, left: Inset

        public static let zero = Insets(top: .cells(0), right: .cells(0), bottom: .cells(0), left: .cells(0))

        public init(top: Inset, right: Inset, bottom: Inset, left: Inset) {
            (self.top, self.right, self.bottom, self.left) = (top, right, bottom, left)
        }

        public init?(parsing text: String) {
            var values: [Inset] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let word = part.trimmingPrefix(while: { $0 == " " })
                if word.hasSuffix("%"), let share = Int(word.dropLast()), (0...100).contains(share) {
                    values.append(.percent(share))
                } else if let count = Int(word), count >= 0 {
                    values.append(.cells(count))
                } else {
                    return nil
                }
            }
            switch values.count {
            case 1: self.init(top: values[0], right: values[0], bottom: values[0], left: values[0])
            case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
            case 3: self.init(top: values[0], right: values[1], bottom: values[2], left: values[1])
            case 4: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
            default: return nil
            }
        }
    }

    /// Where the frame and the pane go inside the margin, the border and the padding, on a
    /// screen of `size`: their area's top left corner and size. Too little left (fewer than 10
    /// columns or 3 lines), the whole screen, as if none were given.
    func inner(of size: Size) -> (x: Int, y: Int, size: Size) {
        let box = borderBox(of: size)
        let left = box.x + (border.hasLeft ? 2 : 0) + padding.left.cells(of: size.width)
        let top = box.y + (border.hasTop ? 1 : 0) + padding.top.cells(of: size.height)
        let right = size.width - box.x - box.width + (border.hasRight ? 2 : 0) + padding.right.cells(of: size.width)
        let bottom = size.height - box.y - box.height + (border.hasBottom ? 1 : 0) + padding.bottom.cells(of: size.height)
        let inner = Size(width: size.width - left - right, height: size.height - top - bottom)
        guard inner.width >= 10, inner.height >= 3 else { return (0, 0, size) }
        return (left, top, inner)
    }

    /// The border's rectangle: the screen inside the margin.
    func borderBox(of size: Size) -> (x: Int, y: Int, width: Int, height: Int) {
        let left = margin.left.cells(of: size.width), top = margin.top.cells(of: size.height)
        return (left, top, max(0, size.width - left - margin.right.cells(of: size.width)),
                max(0, size.height - top - margin.bottom.cells(of: size.height)))
    }
}
