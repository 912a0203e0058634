/// Whom a server answers: requests whose `Host` names this machine, and browser requests from this machine's own
/// pages, the way Jupyter and Vite protect their local servers.
///
/// A web page open in the developer's browser can send requests to 127.0.0.1 (a form post of `text/plain` needs
/// no CORS preflight), and with DNS rebinding it can even read the answers, through a name of its own that it
/// points at 127.0.0.1. So a request is refused when its `Host` is a name that is not loopback and not allowed
/// (an IP address cannot be rebound, so any is accepted; a missing `Host`, HTTP/1.0, is too), or when it carries
/// an `Origin` (only browsers send one) whose host is neither loopback, nor the request's own host, nor allowed.
/// Tools that are not browsers (curl, Frank's Ruby driver, fscript's own client) send no `Origin`.
public struct RequestGate: Sendable {
    let allowedHosts: [String]

    init(allowedHosts: [String]) {
        self.allowedHosts = allowedHosts
    }

    /// Nil when the request may pass; else why not, for the 403's body.
    func refusal(host: String?, origin: String?) -> String? {
        if let host, !isAllowed(Self.hostName(ofHostHeader: host)) {
            return "Host '\(host)' is not this machine; requests must name a loopback address or a host allowed "
                + "with --allow-host (a guard against DNS rebinding)"
        }
        if let origin {
            guard let originHost = Self.hostName(ofOrigin: origin) else {
                return "Origin '\(origin)' is not a page of this machine; browsers on other sites may not use this server"
            }
            let sameHost = host.map { Self.hostName(ofHostHeader: $0) == originHost } ?? false
            guard sameHost || Self.isLoopback(originHost) || isListed(originHost) else {
                return "Origin '\(origin)' is another site; browsers on other sites may not use this server "
                    + "(allow it with --allow-host if you must)"
            }
        }
        return nil
    }

    private func isAllowed(_ name: String) -> Bool {
        Self.isLoopback(name) || Self.isIPAddress(name) || isListed(name)
    }

    private func isListed(_ name: String) -> Bool {
        allowedHosts.contains { $0 == "*" || $0.lowercased() == name }
    }

    /// `localhost`, names under `.localhost`, 127.0.0.0/8 and ::1 (`[::1]` too): the one rule for "this machine",
    /// which the servers' warning when binding elsewhere uses as well.
    public static func isLoopback(_ name: String) -> Bool {
        let name = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        return name == "localhost" || name.hasSuffix(".localhost") || name == "::1"
            || (isIPAddress(name) && name.hasPrefix("127."))
    }

    /// A dotted IPv4 address or an IPv6 address (what DNS rebinding cannot produce).
    static func isIPAddress(_ name: String) -> Bool {
        if name.contains(":") { return name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy({ $0.isASCII && $0.isNumber })
                && Int(part).map { $0 <= 255 } == true
        }
    }

    /// Whether a `Host` value is `host[:port]`: a name or IPv4 address of letters, digits, dots, dashes and
    /// underscores, or a bracketed IPv6 address, then at most a port of up to five digits. No userinfo (`@`), path
    /// or space.
    static func isWellFormed(hostHeader header: String) -> Bool {
        let text = Substring(header.trimmingCharacters(in: " \t"))
        var rest: Substring
        if text.hasPrefix("[") {
            guard let end = text.firstIndex(of: "]") else { return false }
            let inside = text[text.index(after: text.startIndex)..<end]
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            rest = text[text.index(after: end)...]
        } else {
            let name = text.prefix { $0 != ":" }
            guard !name.isEmpty, name.utf8.count <= 253,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") })
            else { return false }
            rest = text[name.endIndex...]
        }
        guard !rest.isEmpty else { return true }
        guard rest.first == ":" else { return false }
        rest = rest.dropFirst()
        return rest.count <= 5 && rest.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `Host: [::1]:8080` → `::1`, `Host: Example.com:80` → `example.com`.
    static func hostName(ofHostHeader header: String) -> String {
        var text = Substring(header.trimmingCharacters(in: " \t").lowercased())
        if text.hasPrefix("[") {
            if let end = text.firstIndex(of: "]") { return String(text[text.index(after: text.startIndex)..<end]) }
            return String(text)
        }
        if let colon = text.lastIndex(of: ":") { text = text[..<colon] }
        return String(text)
    }

    /// `Origin: http://localhost:3000` → `localhost`; nil for `null` or anything that is not scheme://host.
    static func hostName(ofOrigin origin: String) -> String? {
        let text = origin.trimmingCharacters(in: " \t").lowercased()
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let authority = text[schemeEnd.upperBound...].prefix { $0 != "/" }
        guard !authority.isEmpty else { return nil }
        return hostName(ofHostHeader: String(authority))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
