import Glibc
import SegueCore
import SegueFiles

/// Opening a 100,000-row launcher that sorts by frecency, with 1,000 rows chosen before, against
/// the same screen opening with nothing remembered: the order's cost at open (in the core:
/// making the first screen and its first frame), mean of 20.
enum FrecencyProbe {
    static func run(folder: String, rows: Int = 100_000) throws -> (plain: Double, ordered: Double) {
        let path = "\(folder)/frecency-\(rows).json"
        if access(path, F_OK) != 0 {
            var text = "{\"title\": \"Launch\", \"sort\": \"frecency\", \"sections\": [{\"rows\": [\n"
            for row in 1...rows { text += (row > 1 ? ",\n" : "") + "{\"title\": \"Item \(row)\", \"action\": \"emit\"}" }
            text += "\n]}]}\n"
            let file = fopen(path, "w")
            fputs(text, file)
            fclose(file)
        }
        let spec = try SpecLoader(disk: nil).load(path: path)
        var memory = RowMemory()
        let now = 1_800_000_000.0
        for choice in 0..<1_000 {
            memory.apply(.chose(screen: "frecency-\(rows).json", row: "Item \(choice * 97 % rows + 1)",
                                at: now - Double(choice) * 3_600, halfLife: 7))
        }
        let size = Size(width: 120, height: 40)
        func open(_ memory: RowMemory?) -> Double {
            var options = AppOptions()
            options.rowMemory = memory
            options.now = now
            let times = 20
            let (_, seconds) = Monotonic.measure {
                for _ in 0..<times { _ = render(AppState(root: spec, size: size, options: options), size: size) }
            }
            return seconds / Double(times)
        }
        return (open(nil), open(memory))
    }
}
