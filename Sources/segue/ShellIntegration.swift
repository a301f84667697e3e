import Glibc

/// `segue --bash`, `--zsh`, `--fish`: the key bindings (CTRL-T, CTRL-R, ALT-C) and `**<Tab>`
/// completion for the shell, set up with one line of its rc file (`eval "$(segue --bash)"`,
/// `source <(segue --zsh)`, `segue --fish | source`). The scripts are `Shell/segue.*`, compiled
/// in (`PackageResources`); `make install` also puts them under share/segue/shell.
enum ShellIntegration {
    static let flags = ["--bash", "--zsh", "--fish"]

    /// The script `flag` asks for, or `nil` for another argument.
    static func script(for flag: String) -> [UInt8]? {
        switch flag {
        case "--bash": PackageResources.segue_bash
        case "--zsh": PackageResources.segue_zsh
        case "--fish": PackageResources.segue_fish
        default: nil
        }
    }
}
