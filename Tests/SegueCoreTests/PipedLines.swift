@testable import SegueCore
import Testing

extension AppState {
    /// A picker's state in a test with `lines` piped in: the session started, the load of its
    /// standard input answered with them, and (unless `finished` is false) ended.
    static func piped(_ lines: [String], spec: Spec = StandardInputPicker.spec(), size: Size = Size(width: 40, height: 8),
                      options: AppOptions = AppOptions(), finished: Bool = true) throws -> AppState {
        var state = AppState(root: spec, size: size, options: options)
        let effects = update(&state, .start)
        var request: SourceRequest?
        for case .startSource(let started) in effects where started.key.screen >= 0 { request = started }
        let key = try #require(request).key
        var items = RawItems(kind: .line)
        for line in lines { items.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(key, items))
        if finished { _ = update(&state, .sourceFinished(key, .done(next: .end))) }
        return state
    }
}
