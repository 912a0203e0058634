import ArgumentParser

/// WireMock flags whose meaning the mock does not have, read (hidden from `--help`) only to refuse them by name
/// with what fscript does instead: "unknown option" would leave a user of a docker-compose file guessing whether
/// fscript misread the line or lacks the feature, and silently accepting one would change what the mock does.
struct WireMockRefusedFlags: ParsableArguments {
    @Option(help: .hidden) var extensions: String?
    @Option(help: .hidden) var proxyVia: String?
    @Flag(help: .hidden) var preserveHostHeader = false
    @Option(help: .hidden) var adminApiBasicAuth: String?
    @Flag(help: .hidden) var adminApiRequireHttps = false
    @Option(help: .hidden) var matchHeaders: String?
    @Flag(help: .hidden) var printAllNetworkTraffic = false
    @Option(help: .hidden) var permittedSystemKeys: String?
    @Option(help: .hidden) var timeout: String?
    @Option(help: .hidden) var loadResourcesFromClasspath: String?
    @Option(help: .hidden) var allowProxyTargets: String?
    @Option(help: .hidden) var denyProxyTargets: String?
    @Option(help: .hidden) var filenameTemplate: String?

    /// Each refused flag with what fscript does instead.
    private var given: [(flag: String, instead: String)] {
        let all: [(Bool, String, String)] = [
            (extensions != nil, "--extensions", "the mock runs no Java extensions; webhooks, templating and the "
                + "JSON Schema and GraphQL matchers are built in"),
            (proxyVia != nil, "--proxy-via", "the mock reaches --proxy-all's backend directly, never through another "
                + "proxy"),
            (preserveHostHeader, "--preserve-host-header", "the proxy sends the backend's own Host"),
            (adminApiBasicAuth != nil, "--admin-api-basic-auth", "the admin API has no password; the mock listens on "
                + "loopback unless --host says otherwise"),
            (adminApiRequireHttps, "--admin-api-require-https", "the admin API is served where the stubs are"),
            (matchHeaders != nil, "--match-headers", "recordings match method and URL (and the body), not headers"),
            (printAllNetworkTraffic, "--print-all-network-traffic", "--verbose says each request and answer in a line"),
            (permittedSystemKeys != nil, "--permitted-system-keys", "templates read no system properties"),
            (timeout != nil, "--timeout", "the proxy waits 30 s for a backend"),
            (loadResourcesFromClasspath != nil, "--load-resources-from-classpath", "stubs come from --root-dir"),
            (allowProxyTargets != nil, "--allow-proxy-targets", "the proxy goes where --proxy-all and stubs say"),
            (denyProxyTargets != nil, "--deny-proxy-targets", "the proxy goes where --proxy-all and stubs say"),
            (filenameTemplate != nil, "--filename-template", "recordings are named by method and path"),
        ]
        return all.filter(\.0).map { ($0.1, $0.2) }
    }

    func validate() throws {
        guard let first = given.first else { return }
        throw ValidationError("\(first.flag) is WireMock's, and fscript mock does not have its meaning: "
            + "\(first.instead)")
    }
}
