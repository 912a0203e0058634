// The command line entry point; FScript holds the commands.
import FScript

#if canImport(Glibc)
import Glibc
#endif

exit(await FScriptCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
