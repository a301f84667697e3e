@testable import SegueCore
import SegueFiles

/// Rows titled `prefix 1` … `prefix n`.
func rows(_ count: Int, _ prefix: String = "Row") -> [Row] {
    (0..<count).map { Row(title: "\(prefix) \($0 + 1)") }
}

/// A state showing `spec` in a terminal of `width`x`height`.
func state(_ spec: Spec, width: Int = 40, height: Int = 10) -> AppState {
    AppState(root: spec, size: Size(width: width, height: height))
}

/// Feeds keys to `update`, returning every effect asked for.
@discardableResult
func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
    keys.flatMap { update(&state, .key($0)) }
}

/// The screen as a person reads it.
func screen(_ state: AppState) -> [String] {
    render(state, size: state.size).lines
}

/// The title of the selected row.
func selectedTitle(_ state: AppState) -> String? {
    state.current.selectedRow?.title
}

/// A spec written as JSON, loaded as if read from `file`.
func loadSpec(_ text: String, file: String) throws(SpecError) -> Spec {
    try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: file)
}

/// The error loading a spec written as JSON gives, as the command line prints it; `nil` when
/// it loads.
func loadProblem(_ text: String, file: String) -> String? {
    do {
        _ = try loadSpec(text, file: file)
        return nil
    } catch {
        return error.description
    }
}
