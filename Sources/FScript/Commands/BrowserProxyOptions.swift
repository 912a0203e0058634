import ArgumentParser
import HTTPCore

/// `fscript mock --enable-browser-proxying`: WireMock's flag, the mock as a browser's (forward) proxy for many
/// domains. Absolute-form requests and `CONNECT` tunnels are answered by the stubs (`host`, `scheme`, `port`
/// tell the domains apart); HTTPS in a tunnel is decrypted with certificates signed by the mock's CA, written
/// where `--https-ca-file` says (or a new file in the temporary folder) for the client to trust.
struct BrowserProxyOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Also be a browser's proxy, as WireMock's flag: stubs answer requests for any host (match them with "
                + "\"host\", \"scheme\", \"port\"), HTTPS through CONNECT decrypted with the mock's CA; what no stub "
                + "answers gets the mock's 404 (see --proxy-pass-through)."))
    var enableBrowserProxying = false

    @Option(
        help: ArgumentHelp(
            "With --enable-browser-proxying: CONNECT tunnels open at once, at most (one more is answered 503); an "
                + "idle tunnel closes at --idle-timeout.", valueName: "count"))
    var maxTunnels = ForwardProxy.defaultMaxTunnels

    @Option(
        help: ArgumentHelp(
            "With --enable-browser-proxying: true sends what no stub answers on to the host it was for (WireMock 3's "
                + "flag, whose default is true); fscript's default is false, the mock's 404.", valueName: "true|false"))
    var proxyPassThrough = false

    func validate() throws {
        guard (1...100_000).contains(maxTunnels) else {
            throw ValidationError("--max-tunnels must be 1 to 100000, got \(maxTunnels)")
        }
        if proxyPassThrough && !enableBrowserProxying {
            throw ValidationError("--proxy-pass-through is about a browser proxy's requests: give --enable-browser-proxying too")
        }
    }
}
