import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles
@testable import SegueYAML

/// YAML whose aliases stand for far more than it writes ("a billion laughs", issue 40 item 11):
/// refused at the alias that crosses the budget, at once and before anything is expanded, as a
/// spec, a settings file or a schema; ordinary anchors and merges are not.
@Suite struct YAMLAliasBombTests {
    /// Nine levels of nine-fold aliases under nine strings: 497 bytes for 3.5 GB of JSON.
    static let laughs = #"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"# + "\n" + (1...8).map { level in
        let previous = level == 1 ? "a" : "l\(level - 1)"
        return "l\(level): &l\(level) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ", ") + "]\n"
    }.joined() + "title: bomb\n"

    static func seconds(_ body: () -> Void) -> Double {
        let start = Monotonic.now()
        body()
        return Monotonic.now() - start
    }

    @Test func aBillionLaughsIsRefusedAtTheAliasThatCrossesTheBudgetAtOnce() {
        var message: String?
        // It took 12 to 29 s and 600 MB before the loader's size limit stopped it.
        let took = Self.seconds {
            do throws(SpecError) {
                _ = try SpecFormat.text(Array(Self.laughs.utf8), path: "menu.yaml")
            } catch {
                message = error.description
            }
        }
        #expect(took < 1)
        // The third level's first alias is the one that takes the aliases past 100 times the document.
        #expect(message?.hasPrefix("menu.yaml:4:15: aliases expand to more than 100 times the document (a YAML alias bomb?): with \"*l2\"") == true,
                "\(message ?? "no error")")
    }

    @Test func aLongTextBehindAnAnchorCountsForItsBytes() throws {
        // 200 copies of 100 KB (20 MB) is 200 times the document: a few nodes, but the bytes of a bomb.
        let text = String(repeating: "x", count: 100_000)
        let copies = { (count: Int) in "a: &a \(text)\nb: [" + Array(repeating: "*a", count: count).joined(separator: ", ") + "]\n" }
        #expect(throws: JSONSyntaxError.self) { try YAMLDocument.json(Array(copies(200).utf8)) }
        // 50 copies is 50 times: taken.
        let json = try YAMLDocument.json(Array(copies(50).utf8))
        #expect(json.bytes.count > 5_000_000)
    }

    @Test func ordinaryAnchorsAndMergesAreTaken() throws {
        // A thousand rows each merging the same defaults, and lists of it used again in places.
        let rows = (1...1_000).map { "      - {<<: *defaults, title: row \($0)}\n" }.joined()
        let yaml = """
            defaults: &defaults {cell: toggle, detail: "the same detail for every row of this screen", enabled: true}
            many: &many [*defaults, *defaults, *defaults, *defaults, *defaults, *defaults, *defaults, *defaults]
            again: [*many, *many, *many, *many]
            sections:
              - rows:

            """ + rows
        let value = try JSONParser.parse(YAMLDocument.json(Array(yaml.utf8)).bytes)
        #expect(value.setting("/sections/0/rows/999/detail") == .string("the same detail for every row of this screen"))
        #expect(value.setting("/again/3/7/cell") == .string("toggle"))
    }

    @Test func theBudgetGrowsWithTheDocumentUpToItsCeilingThenAsMuchAsTheDocument() {
        #expect(YAMLAliasBudget.allowance(own: 1_000) == 100_000)
        #expect(YAMLAliasBudget.allowance(own: 1_000_000) == YAMLAliasBudget.most)
        #expect(YAMLAliasBudget.allowance(own: 50_000_000) == 50_000_000)
        #expect(YAMLAliasBudget.allowance(own: Int.max) == Int.max)
    }

    @Test func asASettingsFileOrASchemaTheErrorNamesTheFileAndTheAlias() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-laughs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.yaml"
        try Data(Self.laughs.utf8).write(to: URL(fileURLWithPath: path))
        var settings: Settings?
        #expect(Self.seconds { settings = SettingsFile.load(path: path) } < 1)
        #expect(settings?.problem?.description.hasPrefix("\(path):4:15: aliases expand to more than 100 times the document") == true,
                "\(settings?.problem?.description ?? "no problem")")
        // `segue edit --schema` reads its schema as the disk reads a spec.
        var problem: String?
        #expect(Self.seconds {
            do throws(SpecError) { _ = try DiskFiles().contents(of: path) } catch { problem = error.description }
        } < 1)
        #expect(problem?.hasPrefix("\(path):4:15: aliases expand") == true, "\(problem ?? "no problem")")
    }
}
