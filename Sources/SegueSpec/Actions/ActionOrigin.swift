/// Whose action runs: a shown row of the current screen, the row a handler ran for (its bound
/// attributes), or nothing in particular (what `then` runs after a command).
package enum ActionOrigin: Sendable {
    case row(Int)
    case handler([String: JSONValue])
    case none
}
