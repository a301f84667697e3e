import SegueKit

#if canImport(Glibc)
import Glibc
#endif

/// `segue-example form`: a release helper's questions as one form on one band, huh's `Form`:
/// Tab and Enter move between the fields, the note is asked only when publishing, and the
/// token only for a major release; each answer then leaves its line in the scrollback, and the
/// tool prints what it was told.
func askFormQuestions() async -> Never {
    let bump = Segue.Field.choose("bump", "Version bump", from: Bump.self, selected: .minor)
    let title = Segue.Field.input("title", "Title", placeholder: "what changed", validate: { $0.count < 3 ? "at least 3 characters" : nil })
    let publish = Segue.Field.confirm("publish", "Publish now?")
    let note = Segue.Field.input("note", "Release note").when(publish)
    let token = Segue.Field.password("token", "Registry token").when(bump, is: .major)
    do {
        let answers = try await Segue.form("Release", bump, title, publish, note, token)
        let told = answers[note].map { " note \"\($0)\"" } ?? ""
        let signed = answers[token] == nil ? "" : " with a token"
        print("\(answers[bump]) \"\(answers[title])\" \(answers[publish] ? "published" : "kept")\(told)\(signed)")
        exit(0)
    } catch {
        exitAfterQuestions(error)
    }
}
