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
    // WireMock's TLS flags: Java keystores, client certificates, the browser proxy's own CA and trust in backends.
    @Option(help: .hidden) var keystorePassword: String?
    @Option(help: .hidden) var keyManagerPassword: String?
    @Option(help: .hidden) var keystoreType: String?
    @Option(help: .hidden) var httpsTruststore: String?
    @Option(help: .hidden) var truststorePassword: String?
    @Option(help: .hidden) var truststoreType: String?
    @Flag(help: .hidden) var httpsRequireClientCert = false
    @Option(help: .hidden) var caKeystore: String?
    @Option(help: .hidden) var caKeystorePassword: String?
    @Option(help: .hidden) var caKeystoreType: String?
    @Flag(help: .hidden) var trustAllProxyTargets = false
    @Option(help: .hidden) var trustProxyTarget: String?
    // The rest of WireMock 3's standalone flags: serving, proxying, logging and matching settings of its own.
    @Flag(help: .hidden) var disableHttp = false
    @Option(help: .hidden) var useChunkedEncoding: String?
    @Flag(help: .hidden) var disableOptimizeXmlFactoriesLoading = false
    @Option(help: .hidden) var loggedResponseBodySizeLimit: String?
    @Option(help: .hidden) var proxyTimeout: String?
    @Flag(help: .hidden) var failIfMultipleMappingsMatch = false

    /// Each refused flag with what fscript does instead.
    private var given: [(flag: String, instead: String)] {
        // The TLS flags' sentences say what the flag is in WireMock first, since their names alone do not.
        let pem = "fscript reads the HTTPS certificate and key from PEM, the key unencrypted: --https-keystore "
            + "FILE.pem, or --https-cert-file and --https-key-file ('openssl pkcs12 -nodes -in FILE.p12 -out "
            + "FILE.pem' converts a PKCS12 keystore, after 'keytool -importkeystore -deststoretype PKCS12' for a JKS "
            + "one)"
        let noClientCertificates = "fscript's HTTPS listener asks no client for a certificate (mutual TLS), so it has "
            + "no trust store: leave the flag out"
        let ownCA = "the mock makes a new CA at each start and writes its certificate where --https-ca-file says, for "
            + "clients to trust (curl --cacert FILE)"
        let backendCertificates = "the mock checks every https backend's certificate as curl does, against the "
            + "system's CAs: add a test backend's CA to them (update-ca-certificates), or start the mock with "
            + "CURL_CA_BUNDLE naming a PEM bundle to trust instead"
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
            (keystorePassword != nil, "--keystore-password", "it unlocks a Java keystore, and " + pem),
            (keyManagerPassword != nil, "--key-manager-password", "it unlocks the key in a Java keystore, and " + pem),
            (keystoreType != nil, "--keystore-type", "it says whether --https-keystore is JKS or PKCS12, and " + pem),
            (httpsTruststore != nil, "--https-truststore", "it holds the CAs of the client certificates WireMock "
                + "accepts, and " + noClientCertificates),
            (truststorePassword != nil, "--truststore-password", "it unlocks --https-truststore, and "
                + noClientCertificates),
            (truststoreType != nil, "--truststore-type", "it says whether --https-truststore is JKS or PKCS12, "
                + "and " + noClientCertificates),
            (httpsRequireClientCert, "--https-require-client-cert", "it makes WireMock refuse HTTPS clients without a "
                + "trusted certificate, and " + noClientCertificates + " (every client connects)"),
            (caKeystore != nil, "--ca-keystore", "it holds a CA of your own for the browser proxy's certificates; "
                + ownCA),
            (caKeystorePassword != nil, "--ca-keystore-password", "it unlocks --ca-keystore; " + ownCA),
            (caKeystoreType != nil, "--ca-keystore-type", "it says whether --ca-keystore is JKS or PKCS12; " + ownCA),
            (trustAllProxyTargets, "--trust-all-proxy-targets", "it makes the browser proxy accept any backend "
                + "certificate; " + backendCertificates),
            (trustProxyTarget != nil, "--trust-proxy-target", "it makes the browser proxy accept any certificate "
                + "from one backend; " + backendCertificates),
            (disableHttp, "--disable-http", "the mock always listens for HTTP (the URL it prints, the admin API); "
                + "--https-port adds HTTPS beside it"),
            (useChunkedEncoding != nil, "--use-chunked-encoding", "the mock sends every answer with its "
                + "Content-Length (but a stub's chunkedDribbleDelay, sent in chunks), as WireMock's 'never' does: leave "
                + "the flag out"),
            (disableOptimizeXmlFactoriesLoading, "--disable-optimize-xml-factories-loading", "it tunes how the JVM "
                + "loads XML parsers, and the mock runs no JVM: leave the flag out"),
            (loggedResponseBodySizeLimit != nil, "--logged-response-body-size-limit", "the journal keeps each "
                + "request whole and --journal-limit bounds how many it keeps"),
            (proxyTimeout != nil, "--proxy-timeout", "the proxy waits 30 s for a backend"),
            (failIfMultipleMappingsMatch, "--fail-if-multiple-mappings-match", "when several stubs match, the one "
                + "of highest priority answers, the newest among equals, as WireMock does without the flag"),
        ]
        return all.filter(\.0).map { ($0.1, $0.2) }
    }

    func validate() throws {
        guard let first = given.first else { return }
        throw ValidationError("\(first.flag) is WireMock's, and fscript mock does not have its meaning: "
            + "\(first.instead)")
    }
}
