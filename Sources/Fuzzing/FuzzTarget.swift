import Frankly
import HTTPCore
import JSON
import MockServer

/// The inputs fscript takes from outside that a fuzzer should hammer: each case runs one input through the real
/// parser, as the product does, and must never trap, hang or grow without bound, whatever the bytes.
///
/// `fscript-fuzz` calls `run` from libFuzzer's entry point (`scripts/fuzz`); `FuzzingTests` runs the seed corpus
/// and every input that ever crashed (`Tests/fuzz/`) through the same function in the ordinary test suite.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A Shelley selector, as `app:touch(sel)` and `POST /map` parse it.
    case shelley
    /// A JSON text, as every request body, envelope and mapping file is parsed.
    case json
    /// The bytes of an HTTP response, as the client reads them, in two pieces split where the first byte says.
    case http
    /// A WireMock mapping file, as `fscript mock --mappings` loads it.
    case mapping
    /// A response template (Handlebars), parsed as a stub's body is and rendered for a fixed request.
    case template
    /// A Lua pattern call (find, match, gmatch or gsub with subject, pattern, init, replacement), answered by
    /// fscript's stoppable matcher and by Lua's own lstrlib: any difference is a finding.
    case luaPattern = "luapattern"
    /// Templates the bytes build around numbers at the edges, through every numeric helper (`EdgeNumberTemplate`).
    case templateNumbers = "template-numbers"
    /// Whole mappings POSTed to a running mock's admin API, then requests sent to it (`AdminMappingFuzz`).
    case adminMappings = "admin-mappings"
    /// Hostile shard reports and message streams through the built `fscript merge-reports` (`MergeReportsFuzz`).
    case mergeReports = "merge-reports"

    /// Runs one input. Errors are the expected outcome for most inputs; only a trap or a hang is a finding.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .shelley:
            _ = try? Selector(parsing: String(decoding: bytes, as: UTF8.self))
        case .json:
            if let value = try? JSONValue(parsing: bytes) {
                // What the writer makes of a parsed value must parse again.
                _ = try? JSONValue(parsing: value.jsonBytes)
            }
        case .http:
            var reader = HTTPResponseReader(method: bytes.first.map { $0 & 1 == 0 ? "GET" : "HEAD" } ?? "GET")
            let split = bytes.isEmpty ? 0 : min(Int(bytes[0]), bytes.count)
            do {
                if try reader.consume(UnsafeRawBufferPointer(rebasing: bytes[..<split])) != nil { return }
                if try reader.consume(UnsafeRawBufferPointer(rebasing: bytes[split...])) != nil { return }
                _ = try reader.finish()
            } catch {}
        case .mapping:
            _ = try? MappingLoader.stubs(inFile: Array(bytes), named: "fuzz.json", filesDirectory: "/nonexistent/__files")
        case .template:
            guard let template = try? ResponseTemplate(String(decoding: bytes, as: UTF8.self)) else { return }
            let request = HTTPRequest(
                method: "POST", uri: "/items/7?q=a&q=b", headers: [("Host", "127.0.0.1:9"), ("Cookie", "s=1")],
                body: Array(#"{"items":[{"id":1},{"id":2}],"name":"x"}"#.utf8))
            _ = try? template.render(for: request, pathParameters: ["id": "7"])
        case .luaPattern:
            do {
                if let difference = try LuaPatternOracleCache.oracle().compare(fuzzInput: bytes).difference {
                    fatalError("Lua patterns differ from lstrlib: \(difference)")
                }
            } catch {
                fatalError("the Lua pattern oracle failed: \(error)")
            }
        case .templateNumbers:
            EdgeNumberTemplate.run(bytes)
        case .adminMappings:
            AdminMappingFuzz.run(bytes)
        case .mergeReports:
            MergeReportsFuzz.run(bytes)
        }
    }
}
