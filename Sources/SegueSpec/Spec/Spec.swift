/// A screen described by a spec file (or built in code): a title and sections of rows, the data
/// they bind to and the cell types they use.
public struct Spec: Sendable {
    /// The title shown in the top line and the breadcrumb; `nil` lets the screen pick one.
    public var title: String?
    package var sections: [Section]
    /// The file the spec was read from, if any; segues resolve against its folder.
    public var path: String?
    /// The spec's own `data`, an object.
    public var data: JSONValue?
    /// The contents of the spec's `dataFile`, read when the spec was loaded.
    package var fileData: JSONValue?
    /// The spec's `settingsFile`, resolved against its folder.
    package var settingsFile: String?
    /// The cell types the spec defines and includes.
    package var cells: CellLibrary
    /// Whether some row takes `enabled` from data (`enabledKeyPath`) or from its cell type, so
    /// selectability needs binding.
    package var bindsEnabled: Bool = false
    /// Whether some row has `hidden` (true or a template), so what shows needs binding.
    package var hidesRows: Bool = false
    /// `"saveSettings": "onSave"`: changes made on this screen are held until a `save` action.
    package var savesSettingsOnSave: Bool = false
    /// `"cwd": "caller"`: commands (exec, become, sources, previews) run in the folder Segue was
    /// started in, not the spec's, so a spec kept in `~/.config` works on the repository you are in.
    /// `nil`: not said (by the spec or its `segue.json`), the spec's folder.
    package var runsCommandsInCaller: Bool?

    /// `"multi"`: rows on this screen can be marked and Enter prints them all, as `--multi`;
    /// 0 for no limit (`true`), else the most that can be marked.
    package var marksRows: Int?

    /// `"height"`: the spec is drawn under the prompt in this many lines unless the command line
    /// says otherwise (`--height`), as a launcher bound to a shell key wants.
    package var inlineHeight: InlineHeight?

    /// The folder the spec's commands run in.
    package var commandDirectory: String {
        runsCommandsInCaller == true ? "." : path.map(SpecPath.folder) ?? "."
    }
    /// Whether and how `/` finds rows on the screen.
    package var find = FindSettings()
    /// The built-in theme the spec asks for (`"theme"`); `--theme` and `SEGUE_THEME` win.
    package var theme: String?
    /// The files the spec was read from: itself, its `dataFile`, the cell libraries it includes.
    package var files: [String] = []
    /// Keys the loader does not know, or found in the wrong place, as warnings with their path.
    public var keyWarnings: [String] = []
    /// Keys this spec's screen binds its own way (`"keys"`), over the session's keymap.
    package var keys: JSONValue?
    /// `"select"`: the row selected as the screen opens, by id or title (a template).
    package var selects: String?
    /// `"form"`: the questions `segue form` asks on one band (`FormField`).
    package var form: [FormField]?
    /// A `progress` row runs its command as the screen opens (`"start": "onOpen"`).
    package var startsCommandsOnOpen = false
    /// `"onOpen"`: an action run as the screen first shows, before the user acts (a question to
    /// ask, a command to capture, settings to set); not when it is read again.
    package var onOpen: RowAction?
    /// `"sort": "frecency"`: rows the user chose often and lately come first; the half-life of a
    /// choice, in days (`{"by": "frecency", "halfLife": 14}`).
    package var frecencyHalfLife: Double?
    /// Half-life of a choice, in days, where a spec orders by frecency without saying.
    package static let defaultHalfLife = 7.0
    /// The command whose output this spec is (`"segue": {"command": …}`): a reload runs it again.
    package var madeBy: [String]?
    /// `"remember": true`: the screen opens on the row it was left on last time (this run or an
    /// earlier one); `nil` where the spec does not say (a tool's `segue.json` may).
    package var remembers: Bool?
    /// `"refresh": "onShow"`: the spec, its data and the settings file are read again whenever
    /// the screen shows again (coming back to it), so it shows what was changed meanwhile.
    package var refreshesOnShow = false
    /// How the rows are laid out and drawn beyond their kind (fzf's `--gap`, `--wrap`, multi-line
    /// items): the stdin picker's options set them.
    package var rowLooks = RowLooks()

    package init(
        title: String? = nil, sections: [Section], path: String? = nil, data: JSONValue? = nil,
        fileData: JSONValue? = nil, settingsFile: String? = nil, cells: CellLibrary
    ) {
        self.title = title
        self.sections = sections
        self.path = path
        self.data = data
        self.fileData = fileData
        self.settingsFile = settingsFile
        self.cells = cells
    }

    /// Number of rows over all sections (generated rows count once resolved).
    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }
}
