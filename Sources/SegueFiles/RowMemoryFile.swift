import SegueCore

/// Where a spec tree's memory is kept between runs (`RowMemory`): a JSON file under
/// `$XDG_STATE_HOME/segue/memory/`, written as settings are (re-read under the folder's lock, the
/// change applied to what is there by then, replaced atomically; a file that is not such a
/// memory is never overwritten).
package enum RowMemoryFile {
    package static func path(forSpec spec: String, environment: [String: String]) -> String? {
        StateFiles.path(forSpec: spec, in: "memory", environment: environment)
    }

    /// The memory in the file at `path`: empty when there is none; and why it will not be kept,
    /// for a file that is there but is not a memory (left as it is).
    package static func load(path: String) -> (memory: RowMemory, problem: String?) {
        let (memory, problem): (RowMemory, String?) = StateFiles.load(path, notOurs: "not a memory of rows as Segue writes them (a JSON object)")
        return (memory, problem)
    }

    /// Applies `change` to the file, creating it (and its folders) if need be; why not, when it
    /// could not be.
    package static func apply(_ change: RowMemory.Change, path: String) -> String? {
        StateFiles.change(path, notOurs: "not a memory of rows") { (memory: inout RowMemory) in memory.apply(change) }
    }
}
