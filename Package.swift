// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .library(name: "SegueCore", targets: ["SegueCore"]),
        .library(name: "SegueTerminal", targets: ["SegueTerminal"]),
        .library(name: "SegueKit", targets: ["SegueKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the SegueKit DocC catalog (a plugin; nothing of it is linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The only door to ncurses; nothing but SegueTerminal (and its tests) imports it.
        .systemLibrary(
            name: "CNcursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // Pure Swift: spec model and loader, navigation, list state, update, rendering into a grid.
        // The bottom layers, which import nothing of Segue: JSON values with line:column and
        // JSON paths for errors; measuring, fitting and wrapping text for a terminal.
        .target(name: "SegueJSON"),
        .target(name: "SegueText"),
        // fzf-style matching, as fzf keeps `algo/`: the find query's terms, the alignment, scoring
        // and ranking, the text a row is matched on; nothing of rows or screens. Imports nothing.
        .target(name: "SegueMatch"),
        .target(name: "SegueSpec", dependencies: ["SegueJSON", "SegueText"]),
        .target(name: "SegueCore", dependencies: ["SegueSpec", "SegueJSON", "SegueText", "SegueMatch"]),
        // libyaml (Debian's libyaml-dev), whose parser reads YAML specs; nothing but SegueYAML imports it.
        .systemLibrary(
            name: "CLibYAML",
            providers: [.apt(["libyaml-dev"])]
        ),
        // YAML documents as the JSON the loader reads, each offset of it mapped back to the YAML's
        // line:column: apart so that the core (and its fuzz build) stays free of libyaml.
        .target(name: "SegueYAML", dependencies: ["SegueSpec", "CLibYAML"]),
        // The C library's extended attributes (sys/xattr.h, which the Glibc module leaves out): a
        // save keeps a file's user.* attributes. Nothing but SegueFiles imports it.
        .systemLibrary(name: "CXattr"),
        // The disk: reading specs, includes, data and config files (confined under --safe), writing
        // settings, `segue check`'s walk over a spec tree. The core reads no file itself.
        .target(name: "SegueFiles", dependencies: ["SegueCore", "SegueYAML", "CXattr"]),
        // ncurses setup/teardown, key decoding, blitting a grid, signals.
        .target(name: "SegueTerminal", dependencies: ["SegueCore", "SegueFiles", "CNcursesw"]),
        // The library for Swift programs: the core and the runner, plus handlers, composed screens
        // and custom cell renderers.
        .target(name: "SegueKit", dependencies: ["SegueCore", "SegueFiles", "SegueTerminal"]),
        // A settings screen and a dynamic menu composed in code; built by `make test`.
        .executableTarget(name: "segue-example", dependencies: ["SegueKit"]),
        .executableTarget(
            name: "segue",
            dependencies: [
                "SegueCore", "SegueFiles", "SegueTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // `segue --bash/--zsh/--fish`: the shell scripts, kept as files (readable, and sourced
            // as they are by the tests) and compiled in as bytes (no Foundation, no files to find).
            resources: [.embedInCode("Shell/segue.bash"), .embedInCode("Shell/segue.zsh"), .embedInCode("Shell/segue.fish")]
        ),
        // Test instruments, not shipped: a screen model that reads what a program wrote to a
        // pseudo-terminal, for `make bench` and the end-to-end tests.
        .target(name: "SegueTesting", dependencies: ["SegueCore"]),
        // `make bench`: load/first-frame/End-keystroke timings against fzf.
        .executableTarget(name: "segue-bench", dependencies: ["SegueCore", "SegueFiles", "SegueTerminal", "SegueTesting"]),
        // The matcher alone: query terms, alignment, scoring, folding.
        .testTarget(name: "SegueMatchTests", dependencies: ["SegueMatch"]),
        .testTarget(name: "SegueCoreTests", dependencies: ["SegueSpec", "SegueCore", "SegueFiles", "SegueYAML", "CXattr", "SegueTesting"]),
        .testTarget(name: "SegueKitTests", dependencies: ["SegueKit"]),
        // The terminal's own logic that needs no terminal: key decoding, the source runner.
        .testTarget(name: "SegueTerminalTests", dependencies: ["SegueTerminal", "CNcursesw"]),
        .testTarget(name: "SegueEndToEndTests", dependencies: ["SegueCore", "SegueFiles", "SegueTerminal", "SegueTesting"]),
    ]
)
