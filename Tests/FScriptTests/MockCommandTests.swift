import Foundation
import HTTPCore
import Testing

/// `fscript mock` end to end: prints its URL, answers from mapping files, stops cleanly on Ctrl-C.
@Suite struct MockCommandTests {
    @Test func servesMappingsAndStopsOnCtrlC() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/mappings", withIntermediateDirectories: true)
        try #"{"request": {"method": "GET", "urlPath": "/api/ping"}, "response": {"status": 200, "body": "pong"}}"#
            .write(toFile: directory + "/mappings/ping.json", atomically: true, encoding: .utf8)
        let child = try FScriptProcess(["mock", "--port", "0", "--mappings", directory])
        #expect(child.stdout.wait(for: "\n", timeout: 20))
        let url = child.stdout.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(url.hasPrefix("http://127.0.0.1:"))
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }
        #expect(try client.send(.init(url: url + "/api/ping")).bodyText == "pong")
        #expect(try client.send(.init(url: url + "/api/other")).status == 404)
        kill(child.process.processIdentifier, SIGINT)
        let result = child.finish(timeout: 10)
        #expect(result.status == 0)
        #expect(result.stderr == "loaded 1 stubs from \(directory)\nmock stopped after 2 requests\n")
    }

    @Test func badMappingsAreAUsageError() throws {
        let result = try runFScript(["mock", "--mappings", "/nonexistent/mappings"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("fscript: cannot load the mappings in /nonexistent/mappings: "))
    }

    /// WireMock's flag names: one given with fscript's own name too, one whose meaning the mock lacks, and one that
    /// needs another are usage errors (exit 2) that say why, in argument-parser's shape.
    @Test(arguments: [
        (["--root-dir", "/a", "--mappings", "/b"], "Error: --root-dir is WireMock's name for --mappings: give one of them"),
        (["--proxy-all", "http://127.0.0.1:9", "--proxy", "http://127.0.0.1:9"],
         "Error: --proxy-all is WireMock's name for --proxy: give one of them"),
        (["--record-mappings"], "Error: --record-mappings records what --proxy-all forwards: give --proxy-all URL too"),
        (["--max-request-journal-entries", "0"], "Error: --max-request-journal-entries must be from 1 to 10000000, got 0"),
        (["--proxy-via", "proxy:3128"], "Error: --proxy-via is WireMock's, and fscript mock does not have its meaning: "
            + "the mock reaches --proxy-all's backend directly, never through another proxy"),
        (["--admin-api-require-https"], "Error: --admin-api-require-https is WireMock's, and fscript mock does not have "
            + "its meaning: the admin API is served where the stubs are"),
    ])
    func wireMockFlagMistakesAreUsageErrors(arguments: [String], message: String) throws {
        let result = try runFScript(["mock", "--port", "0"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.components(separatedBy: "\n").first == message, "\(result.stderr)")
    }

    /// WireMock's TLS flags (Java keystores, client certificates, the browser proxy's CA, trust in backends) are
    /// refused by name, each saying what it is in WireMock and what fscript takes instead, not "unknown option".
    @Test(arguments: [
        (["--keystore-password", "secret"], "Error: --keystore-password is WireMock's, and fscript mock does not have "
            + "its meaning: it unlocks a Java keystore, and fscript reads the HTTPS certificate and key from PEM, the "
            + "key unencrypted: --https-keystore FILE.pem, or --https-cert-file and --https-key-file ('openssl pkcs12 "
            + "-nodes -in FILE.p12 -out FILE.pem' converts a PKCS12 keystore, after 'keytool -importkeystore "
            + "-deststoretype PKCS12' for a JKS one)"),
        (["--https-require-client-cert"], "Error: --https-require-client-cert is WireMock's, and fscript mock does not "
            + "have its meaning: it makes WireMock refuse HTTPS clients without a trusted certificate, and fscript's "
            + "HTTPS listener asks no client for a certificate (mutual TLS), so it has no trust store: leave the flag "
            + "out (every client connects)"),
        (["--ca-keystore", "ca.jks"], "Error: --ca-keystore is WireMock's, and fscript mock does not have its meaning: "
            + "it holds a CA of your own for the browser proxy's certificates; the mock makes a new CA at each start "
            + "and writes its certificate where --https-ca-file says, for clients to trust (curl --cacert FILE)"),
        (["--trust-all-proxy-targets"], "Error: --trust-all-proxy-targets is WireMock's, and fscript mock does not "
            + "have its meaning: it makes the browser proxy accept any backend certificate; the mock checks every "
            + "https backend's certificate as curl does, against the system's CAs: add a test backend's CA to them "
            + "(update-ca-certificates), or start the mock with CURL_CA_BUNDLE naming a PEM bundle to trust instead"),
    ])
    func wireMockTLSFlagsAreRefusedWithWhatToUse(arguments: [String], message: String) throws {
        let result = try runFScript(["mock", "--port", "0"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.components(separatedBy: "\n").first == message, "\(result.stderr)")
    }

    /// Every TLS flag of WireMock 3's standalone command line is refused by its own name (a value where it takes
    /// one), so none of them falls through to argument-parser's "unknown option".
    @Test(arguments: [
        ["--keystore-password", "p"], ["--key-manager-password", "p"], ["--keystore-type", "PKCS12"],
        ["--https-truststore", "t.jks"], ["--truststore-password", "p"], ["--truststore-type", "JKS"],
        ["--https-require-client-cert"], ["--ca-keystore", "ca.jks"], ["--ca-keystore-password", "p"],
        ["--ca-keystore-type", "pkcs12"], ["--trust-all-proxy-targets"], ["--trust-proxy-target", "api.example.com"],
    ])
    func everyWireMockTLSFlagIsRefusedByName(arguments: [String]) throws {
        let result = try runFScript(["mock", "--port", "0", "--https-port", "0"] + arguments)
        #expect(result.status == 2)
        let first = result.stderr.components(separatedBy: "\n").first ?? ""
        let refusal = "Error: \(arguments[0]) is WireMock's, and fscript mock does not have its meaning: it "
        #expect(first.hasPrefix(refusal), "\(result.stderr)")
    }

    /// WireMock 3's other standalone flags the mock has no meaning for are refused by name too, each saying what the
    /// mock does instead.
    @Test(arguments: [
        (["--disable-http"], "the mock always listens for HTTP"),
        (["--use-chunked-encoding", "NEVER"], "Content-Length"),
        (["--disable-optimize-xml-factories-loading"], "runs no JVM"),
        (["--logged-response-body-size-limit", "1000"], "--journal-limit"),
        (["--proxy-timeout", "5000"], "the proxy waits 30 s"),
        (["--fail-if-multiple-mappings-match"], "highest priority"),
    ])
    func wireMocksOtherFlagsAreRefusedByName(arguments: [String], instead: String) throws {
        let result = try runFScript(["mock", "--port", "0"] + arguments)
        #expect(result.status == 2)
        let first = result.stderr.components(separatedBy: "\n").first ?? ""
        #expect(first.hasPrefix("Error: \(arguments[0]) is WireMock's, and fscript mock does not have its meaning: "))
        #expect(first.contains(instead), "\(result.stderr)")
    }
}
