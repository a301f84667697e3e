import SegueCore
import SegueFiles

/// What one probe process measures on a spec, in seconds.
struct ProbeResult {
    var load: Double
    var firstFrame: Double
    var endKey: Double
    var downKey: Double

    /// One line on stdout for the parent process.
    var line: String { "\(load) \(firstFrame) \(endKey) \(downKey)" }

    init?(line: String) {
        let values = line.split(separator: " ").compactMap { Double($0) }
        guard values.count == 4 else { return nil }
        (load, firstFrame, endKey, downKey) = (values[0], values[1], values[2], values[3])
    }

    init(load: Double, firstFrame: Double, endKey: Double, downKey: Double) {
        (self.load, self.firstFrame, self.endKey, self.downKey) = (load, firstFrame, endKey, downKey)
    }
}

/// The work `segue` does to show a spec and answer keys, without a terminal: load, lay out and
/// draw the first 80x24 frame, then End, then Down (averaged over many presses).
enum Probe {
    static let size = Size(width: 80, height: 24)

    /// What `segue SPEC` does before it waits for the first key: load, lay out, draw.
    static func startup(spec path: String) throws {
        let spec = try SpecLoader(disk: nil).load(path: path)
        let grid = render(AppState(root: spec, size: size), size: size)
        if grid.lines.isEmpty { print("empty frame") }
    }

    static func run(spec path: String) throws -> ProbeResult {
        let (spec, load) = try Monotonic.measure { try SpecLoader(disk: nil).load(path: path) }
        var state = AppState(root: spec, size: size)
        let (_, firstFrame) = Monotonic.measure { render(state, size: size) }
        let (_, endKey) = Monotonic.measure {
            _ = update(&state, .key(.end))
            return render(state, size: size)
        }
        _ = update(&state, .key(.home))
        let presses = 1000
        let (_, downs) = Monotonic.measure {
            for _ in 0..<presses {
                _ = update(&state, .key(.down))
                _ = render(state, size: size)
            }
        }
        return ProbeResult(load: load, firstFrame: firstFrame, endKey: endKey, downKey: downs / Double(presses))
    }
}
