import ArgumentParser
import LuaKit
import Platform

/// `fscript merge-reports junit:out.xml [json:all.json …] shard1.json shard2.ndjson …`: one set of reports from
/// the JSON reports or Cucumber Messages streams of a suite's shards (`--shard i/n` on several CI machines), the
/// same a serial run writes; from one stream, the reports that run would have written.
struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the JSON reports or message streams of a suite's shards into the reports one run would write.",
        discussion: """
            Outputs are kind:file as for --report (junit, json, tap, cucumber, html, message); the other arguments are JSON \
            reports (--report json:FILE) or Cucumber Messages streams (--report message:FILE; a .ndjson name or a \
            first line that is an envelope), in any mix, of disjoint parts of one suite. Files keep the suite's \
            order and cases their place in each file. One stream alone gives the reports its run would have \
            written (what a stream does not carry, fscript's artifacts and target summaries, is left out). A \
            stream without its testRunFinished (a run cut short) is rendered as far as it goes, with a warning. \
            The reports are data, never paths to follow: a file a report names (an attachment, a screenshot, a \
            trace) is embedded only from the folder --files names, by a relative path without '..'. \
            Exit status: the merged run's (0 all passed, 1 a test failed, 2 an error or a report that cannot be \
            read, 130 one of the parts was interrupted or cut short).
            """
    )

    @Argument(help: ArgumentHelp("Reports to write (kind:file), then the JSON reports and message streams to merge.", valueName: "kind:file|report.json|run.ndjson"))
    var arguments: [String] = []

    @Option(
        help: ArgumentHelp(
            "The folder the shards' artifacts were gathered in: attachments, screenshots and traces the reports name are embedded from it, by relative path; with none, nothing a report names is read.",
            valueName: "dir"))
    var files: String?

    /// The report kinds an output may name.
    static let kinds = ["junit", "json", "tap", "cucumber", "html", "message"]

    func validate() throws {
        let (outputs, inputs) = Self.split(arguments)
        guard !outputs.isEmpty else {
            throw ValidationError("give at least one report to write, e.g. junit:out.xml (kinds: \(Self.kinds.joined(separator: ", ")))")
        }
        guard !inputs.isEmpty else {
            throw ValidationError("give the reports to merge (--report json:FILE or message:FILE of each shard)")
        }
    }

    /// Outputs (`kind:file`) and inputs (the rest), each in order.
    static func split(_ arguments: [String]) -> ([String], [String]) {
        let isOutput = { (text: String) in kinds.contains { text.hasPrefix($0 + ":") } }
        return (arguments.filter(isOutput), arguments.filter { !isOutput($0) })
    }

    func run() throws {
        let (outputs, inputs) = Self.split(arguments)
        // Merging only reads and writes files, each written whole or not at all: a Ctrl-C or SIGTERM ends it at
        // once with exit 130 (Interruption.endsAtOnce), whatever long call it is in.
        SignalTrap.catch()
        Interruption.setEndsAtOnce(true)
        let session = ScriptSession()
        do {
            let results = try session.state.function("run", inModule: "fscript.report.merge").call(
                .table(LuaTable(array: outputs.map { .string($0) })), .table(LuaTable(array: inputs.map { .string($0) })),
                .table(LuaTable(fields: files.map { [.string("files"): .string($0)] } ?? [:])))
            let code = results.first?.integerValue ?? Int64(ScriptSession.ExitStatus.usage.rawValue)
            if code != 0 { throw ExitCode(Int32(clamping: code)) }
        } catch let error as ExitCode {
            throw error
        } catch {
            writeError("fscript merge-reports: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
    }
}
