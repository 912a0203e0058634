// The libFuzzer harness for fscript's parsers (scripts/fuzz builds it with --sanitize=fuzzer and FSCRIPT_FUZZING=1),
// and, in an ordinary build, a reproducer: `fscript-fuzz TARGET FILE…` runs saved inputs through the same target.
// No main.swift: SwiftPM then compiles this as a library file, so the fuzzing build has no top-level code and
// libFuzzer's own main drives LLVMFuzzerTestOneInput.
import Fuzzing

#if FUZZING
import Glibc

/// The target libFuzzer drives, chosen once by FSCRIPT_FUZZ_TARGET (see FuzzTarget).
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if selected == nil {
        let name = getenv("FSCRIPT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            let message = "set FSCRIPT_FUZZ_TARGET to one of: \(names)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        selected = target
    }
    selected!.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
import Foundation

/// Runs saved inputs through a target without the sanitizer: `fscript-fuzz TARGET FILE…`.
@main
struct FuzzReproducer {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("usage: fscript-fuzz TARGET FILE…  (TARGET: \(names))\n".utf8))
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("fscript-fuzz: cannot read \(path)\n".utf8))
                exit(2)
            }
            data.withUnsafeBytes { target.run($0) }
            print("ok \(path)")
        }
    }
}
#endif
