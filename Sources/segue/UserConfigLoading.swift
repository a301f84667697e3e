import ArgumentParser
import SegueCore
import SegueTerminal

extension UserConfig {
    /// The user's `config.json` for a command that draws (`run`, `render`): none is fine; one
    /// that does not read is told and ends the command with its exit status.
    static func forCommand(environment: [String: String]) throws -> UserConfig {
        guard let path = UserConfig.path(environment: environment) else { return UserConfig() }
        switch UserConfig.load(path: path) {
        case .success(let loaded): return loaded
        case .failure(let error):
            Diagnostics.report(error.description)
            throw ExitCode(ExitStatus.badConfig.code)
        }
    }
}
