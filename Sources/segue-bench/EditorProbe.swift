import SegueCore
import SegueFiles

/// The line editor's cost in the core: opening an input row's editor (Enter and a frame) and
/// each keystroke in it (a character and a frame), on a spec whose first row is an input row
/// above all the spec's own rows; and a prompt's keystrokes.
enum EditorProbe {
    struct Result {
        var open: Double
        var key: Double
        var promptKey: Double
    }

    static func run(spec path: String) throws -> Result {
        var spec = try SpecLoader(disk: nil).load(path: path)
        let input = Row(attributes: ["title": "Name", "cell": "input", "setting": "name"])
        let prompt = Row(attributes: ["title": "Ask", "action": .object([
            "type": "prompt", "question": "Name?", "then": .object(["type": "emit", "value": "{{input}}"])])])
        spec.sections.insert(Section(rows: [input, prompt]), at: 0)
        let size = Size(width: 120, height: 40)
        var state = AppState(root: spec, size: size)
        _ = update(&state, .start)
        let times = 1000
        let (_, opening) = Monotonic.measure {
            for _ in 0..<times {
                _ = update(&state, .key(.enter))
                _ = render(state, size: size)
                _ = update(&state, .key(.escape))
            }
        }
        _ = update(&state, .key(.enter))
        // Long enough to scroll the field: 1,000 characters typed one by one.
        let (_, typing) = Monotonic.measure {
            for index in 0..<times {
                _ = update(&state, .key(.char(index % 7 == 0 ? "é" : "a")))
                _ = render(state, size: size)
            }
        }
        _ = update(&state, .key(.escape))
        _ = update(&state, .key(.down))
        _ = update(&state, .key(.enter))
        let (_, prompting) = Monotonic.measure {
            for _ in 0..<times {
                _ = update(&state, .key(.char("b")))
                _ = render(state, size: size)
            }
        }
        // Open and Esc are two updates; the frame is drawn once.
        return Result(open: opening / Double(times), key: typing / Double(times), promptKey: prompting / Double(times))
    }
}
