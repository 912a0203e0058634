/// Reading the common command lines without ArgumentParser.
extension RunArguments {
    /// The run for a command line made only of `-e CODE` pairs and script paths, or nil for anything else, which
    /// ArgumentParser then parses (and explains, when it is wrong).
    ///
    /// Only lines whose meaning cannot differ from ArgumentParser's are taken: no word that starts with `-` other
    /// than a whole `-e`, no code that starts with `-`, no `--`, and no word that names a subcommand (`run`,
    /// `serve`, `mock`, `steps`, `help`). `RunArgumentsTests` checks each kind against ArgumentParser.
    init?(simpleCommandLine arguments: [String]) {
        let commandNames = FScriptCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        var result = RunArguments()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "-e" {
                let next = arguments.index(after: index)
                guard next < arguments.endIndex, !arguments[next].hasPrefix("-") else { return nil }
                result.chunks.append(arguments[next])
                index = arguments.index(after: next)
                continue
            }
            guard !word.hasPrefix("-"), !commandNames.contains(word), word != "help" else { return nil }
            result.files.append(word)
            index = arguments.index(after: index)
        }
        self = result
    }
}
