import Foundation
import Testing

/// Tables as a person sees them: the demo's disks at three sizes, sorting by a key and a click,
/// and lines piped in shown as a table.
@Suite(.serialized) struct TableSessionTests {
    private let tables = Paths.packageRoot + "/specs/demo/tables.json"

    @Test func theDisksTableAt80x24KeepsItsHeaderInBoldCyanAndSortsWithS() throws {
        let tmux = try Tmux([Paths.segue, tables], width: 80, height: 24)
        // The frame is polled for whole (its last table row too): tmux may be read mid-paint.
        let first = try tmux.waitFor { $0.count > 9 && $0[3].hasPrefix(" > nvme0n1p2") && !$0[9].isEmpty }
        #expect(first[1] == "   Device     Size  Used  Mounted on")
        #expect(first[9] == "   nas:/home   12T   47%  /mnt/nas/home (NFS, shared with the household)")
        // The header line is drawn in the header style (bold cyan), the selected row reversed.
        let styled = try tmux.styledScreen()
        // (The tests' terminal draws without colours: the header style is bold.)
        #expect(styled[1].contains("\u{1B}[1mDevice") && styled[1].contains("\u{1B}[1mMounted on"))
        #expect(styled[3].contains("\u{1B}[7m"))
        try tmux.send("s", "s")
        // 512M < 16G < 64G < 1T < 2T < 4T < 12T; the selected row stays selected.
        let bySize = try tmux.waitFor { $0.count > 9 && $0[1].contains("Size ↑") && $0[9].hasPrefix("   nas:/home") }
        #expect(bySize[3].hasPrefix("   nvme0n1p1    512M"))
        #expect(bySize[6].hasPrefix(" > nvme0n1p2      1T"))
        try tmux.send("S")
        try tmux.waitFor { $0.count > 9 && $0[1].contains("Size ↓") && $0[3].hasPrefix("   nas:/home     12T") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func wideAndTinyTerminalsGiveWayByShrinkingThenHiding() throws {
        let wide = try Tmux([Paths.segue, tables], width: 200, height: 50)
        let shown = try wide.waitFor { $0.count > 9 && $0[9].hasPrefix("   nas:/home") }
        #expect(shown[9] == "   nas:/home   12T   47%  /mnt/nas/home (NFS, shared with the household)")
        try wide.send("q")
        #expect(try wide.exitStatus() == 0)
        let tiny = try Tmux([Paths.segue, tables], width: 20, height: 5)
        // 14 columns for cells: Used hides, Mounted on is cut; the header stays over the rows.
        let small = try tiny.waitFor { $0.count > 3 && $0[1].hasPrefix("   Device") && $0[3].hasPrefix(" > nvme0") }
        #expect(!small[1].contains("Used"))
        #expect(small[3].contains("1T"))
        try tiny.send("q")
        #expect(try tiny.exitStatus() == 0)
    }

    @Test func aClickOnAColumnTitleSortsByIt() throws {
        let tmux = try Tmux([Paths.segue, tables], width: 80, height: 24)
        try tmux.waitFor { $0.count > 3 && $0[3].hasPrefix(" > nvme0n1p2") }
        // "Used" is at columns 22–25 of the header line (line 1).
        try tmux.send("-l", Tmux.mouseClick(button: 0, x: 24, y: 1))
        try tmux.waitFor { $0.count > 3 && $0[1].contains("Used ↑") && $0[3].hasPrefix("   tmpfs") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func linesPipedInWithColumnsHeaderAreATableAndEnterPrintsTheLine() throws {
        let files = try Fixtures(["ps.txt": "PID USER COMMAND\n1 root /sbin/init splash\n4242 alice vim notes.txt\n77 bob sh -c 'echo hi'\n"])
        let script = #"segue() { "$SEGUE" "$@"; }; segue --columns header < ps.txt; echo "status=$?""#
        let tmux = try Tmux(["sh", "-c", script], width: 60, height: 10, directory: files.folder.path, environment: ["SEGUE": Paths.segue])
        let table = try tmux.waitFor { $0.count > 4 && $0[1] == "    PID  USER   COMMAND" }
        #expect(table[2] == " >    1  root   /sbin/init splash")
        #expect(table[4] == "     77  bob    sh -c 'echo hi'")
        // Alt-S: by PID, the other way (s would type: the find line is open).
        try tmux.send("M-S")
        // The selected row stays selected, wherever the sort takes it.
        try tmux.waitFor { $0.count > 4 && $0[1].contains("PID ↓") && $0[2].hasPrefix("    4242") && $0[4].hasPrefix(" >     1") }
        try tmux.send("v", "i", "m")
        try tmux.waitFor { $0.count > 3 && $0[2].hasPrefix(" >  4242") && $0[3].isEmpty }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0")
        #expect(try tmux.screen().contains("4242 alice vim notes.txt"))
    }
}
