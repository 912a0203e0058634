import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// `fscript record FILE.lua [--target URL | --app FILE.lua]`: the REPL, writing every command that ran without
/// error into FILE.lua as it goes, so an exploratory session against the app becomes a test script.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Open the REPL and write every command that runs into a test script.",
        discussion: """
            Commands that fail are not written, nor =expr lines and bare expressions that only show a value. The \
            script is appended to as you go (a crash loses nothing); run it with fscript FILE.lua. For recording \
            with clicks on a picture of the screen, see fscript inspect --record.
            """
    )

    @Argument(help: ArgumentHelp("The script to write (appended to when it exists).", valueName: "file.lua"))
    var file: String

    @Option(help: ArgumentHelp("The Frankly server to drive (default: the embedded simulator).", valueName: "url"))
    var target: String?

    @Option(help: ArgumentHelp("The app file the embedded simulator runs.", valueName: "file.lua"))
    var app: String?

    func validate() throws {
        guard isatty(0) != 0 else { throw ValidationError("fscript record is interactive: run it in a terminal") }
    }

    func run() throws {
        try RunArguments(target: target, app: app, recording: file).run()
    }
}
