import Testing
@testable import SegueCore

/// The status line while a handler runs: a long row title gives way to what the handler says of
/// its progress, so the progress stays readable down to 20 columns.
@Suite struct HandlerProgressLineTests {
    /// A screen whose handler on a row with a long title is running and has said `progress`.
    func running(_ progress: String?, fraction: Double?, size: Size) -> AppState {
        var state = AppState(root: Spec(title: "Ops", sections: [Section(rows: [Row(title: "Migrate")])]), size: size)
        var handler = RunningHandler(task: 1, name: "migrate", row: ["title": "Migrate every customer database to the new schema"], screen: 0)
        handler.progress = progress
        handler.fraction = fraction
        state.runningHandlers = [handler]
        return state
    }

    func statusLine(_ state: AppState) -> String { screen(state).last ?? "" }

    @Test func withRoomTheTitleProgressAndWayToStopItAllShow() {
        let line = statusLine(running("tables", fraction: 0.5, size: Size(width: 100, height: 8)))
        #expect(line.contains("Migrate every customer database to the new schema… [█████░░░░░] 50% tables  Esc stops it"))
    }

    @Test func atEightyColumnsALongTitleIsCutAndTheProgressStaysWhole() {
        let line = statusLine(running("tables 3 of 8", fraction: 0.5, size: Size(width: 60, height: 8)))
        #expect(line.hasSuffix("… [█████░░░░░] 50% tables 3 of 8  Esc stops it"))
        #expect(line.contains("Migrate"))
    }

    @Test func atTwentyByFiveTheProgressIsWhatShows() {
        let words = statusLine(running("tables", fraction: nil, size: Size(width: 20, height: 5)))
        #expect(words.hasSuffix("… tables") && words.contains("M"))
        let gauge = statusLine(running("tables", fraction: 0.5, size: Size(width: 20, height: 5)))
        #expect(gauge.contains("50% tables"))
    }
}
