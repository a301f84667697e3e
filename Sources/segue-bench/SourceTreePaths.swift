import Glibc

/// Lines like the paths of a big source tree (`find . -type f` in a monorepo): folders two to six
/// deep from a vocabulary of a few hundred words, file names of one to three words and an
/// extension, written by a fixed pseudo-random sequence, so every run and both programs see the
/// same lines. Fuzzy queries over these cost what they cost over real paths: many near misses,
/// long common prefixes, the same words in folders and names.
struct SourceTreePaths {
    let rows: Int
    let lines: String
    /// A spec whose one live section reads the lines with a command (`cat`), as a live picker does.
    let liveSpec: String

    init(rows: Int, folder: String) {
        self.rows = rows
        lines = "\(folder)/paths-\(rows).txt"
        liveSpec = "\(folder)/paths-\(rows)-live.json"
    }

    static let words = """
        src lib internal pkg cmd app core common util utils base shared platform runtime render renderer window \
        windows parser parse lexer token ast cache caching net http server client proto rpc api v1 v2 test tests \
        testdata bench docs examples tools scripts build vendor third_party deps ui view views model models \
        controller io fs file files sync atomic crypto hash encoding json yaml toml config settings plugin \
        plugins driver drivers gpu vulkan metal opengl shader shaders audio video input event events loop task \
        tasks scheduler gc alloc arena memory map tree list queue heap string strings text font fonts glyph \
        layout style styles theme widget widgets button menu dialog editor buffer cursor search index query db \
        sql store storage log logging trace tracing metrics monitor health auth user users account session \
        token login cli term terminal tty color image images png jpeg compress zip tar archive stream streams \
        pipe process signal thread threads pool worker workers job jobs queue cron timer time clock date format \
        printer print debug error errors panic recover module modules package packages registry resolve \
        resolver graph node nodes edge edges walk visitor transform pass passes optimize codegen emit link \
        linker object symbol symbols table tables column row rows cell cells grid page pages route router \
        handler handlers middleware request response header headers body cookie cors proxy balancer dns tls \
        cert certs key keys secret secrets vault kube cluster deploy release version migrate migration schema
        """.split(separator: " ").map(String.init)
    static let extensions = ["go", "rs", "c", "h", "cc", "swift", "py", "js", "ts", "tsx", "md", "json", "yaml", "toml", "sh"]

    /// Writes the lines and the live spec unless they exist.
    func generate() throws {
        if access(lines, F_OK) != 0 {
            var text = BufferedFile(path: lines + ".tmp")
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            func next(_ bound: Int) -> Int {
                // xorshift64*: the same sequence everywhere.
                state ^= state >> 12
                state ^= state << 25
                state ^= state >> 27
                return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
            }
            let words = Self.words
            var folders: [String] = []
            for _ in 0..<max(64, rows / 40) {
                let depth = 2 + next(5)
                folders.append((0..<depth).map { _ in words[next(words.count)] }.joined(separator: "/"))
            }
            for _ in 0..<rows {
                let parts = 1 + next(3)
                let name = (0..<parts).map { _ in words[next(words.count)] }.joined(separator: "_")
                text.write("\(folders[next(folders.count)])/\(name).\(Self.extensions[next(Self.extensions.count)])\n")
            }
            try text.close(renamingTo: lines)
        }
        if access(liveSpec, F_OK) != 0 {
            var json = BufferedFile(path: liveSpec + ".tmp")
            // The command runs in the spec's folder: the lines by their whole path.
            var folder = [CChar](repeating: 0, count: Int(PATH_MAX))
            let here = getcwd(&folder, folder.count) != nil ? String(cString: folder) : "."
            let path = lines.hasPrefix("/") ? lines : here + "/" + lines
            json.write("{\"title\": \"Paths\", \"sections\": [{\"source\": {\"command\": [\"cat\", \"\(path)\"], \"format\": \"lines\"}, "
                       + "\"row\": {\"title\": \"{{item.line}}\"}}]}\n")
            try json.close(renamingTo: liveSpec)
        }
    }
}
