import SegueCore
import SegueFiles

/// The preview pane's cost per keystroke: Down (update and frame) on a spec with no preview, with
/// a text preview of each row, and with a command preview (whose pause and stop are effects only:
/// no command runs here, as the screen never waits for one).
enum PreviewProbe {
    struct Result {
        var without: Double
        var text: Double
        var command: Double
    }

    static func run(spec path: String) throws -> Result {
        let plain = try SpecLoader(disk: nil).load(path: path)
        var text = plain
        var command = plain
        for index in plain.sections.indices {
            text.sections[index].preview = .string("{{title}}\nsecond line\nthird line")
            command.sections[index].preview = .object(["command": .array([.string("cat"), .string("{{title}}")])])
        }
        return Result(without: downCost(plain), text: downCost(text), command: downCost(command))
    }

    /// Mean seconds of Down and a frame at 120x40 (the pane beside the list), over 1,000 presses.
    private static func downCost(_ spec: Spec) -> Double {
        let size = Size(width: 120, height: 40)
        var state = AppState(root: spec, size: size)
        _ = update(&state, .start)
        let presses = 1000
        let (_, seconds) = Monotonic.measure {
            for _ in 0..<presses {
                _ = update(&state, .key(.down))
                _ = render(state, size: size)
            }
        }
        return seconds / Double(presses)
    }
}
