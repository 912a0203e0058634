import JSON

/// A journal query's answer, bounded: at most `entryLimit` items and `byteBudget` bytes of them, the newest kept.
///
/// WireMock's `requests/find` has no paging, and on a full journal (50,000 requests) the whole answer was 15 MB,
/// built in 5–6 s as a tree several times that size; four at once grew the mock by 360 MB. Within the bounds the
/// answer is WireMock's, key for key; past them it carries the newest items and says so in `meta` (`truncated`,
/// `total`, and a `note` saying how to see the rest), so a client that reads WireMock's shape still reads it, and a
/// person reading the answer sees that it was cut.
struct JournalAnswer {
    /// The most items an answer lists.
    static let entryLimit = 1_000
    /// The most bytes the listed items take, written.
    static let byteBudget = 4 * 1024 * 1024

    /// The kept items, in the answer's order.
    let items: [JSONValue]
    /// How many entries there were to list.
    let total: Int
    /// How many entries the items came from.
    let shown: Int
    /// Whether the bounds (or a `limit` over the cap) left entries out.
    let truncated: Bool

    /// The answer for `entries` (oldest first): items made from the newest back, until `limit` entries, the cap or
    /// the byte budget; listed oldest first, or newest first when `newestFirst` (as `GET requests` lists them).
    /// `limit` is the client's own (`?limit=`): an answer it cuts is not marked, as in WireMock.
    init(_ entries: [LoggedRequest], newestFirst: Bool = false, limit: Int? = nil, items make: (LoggedRequest) -> [JSONValue]) {
        let wanted = min(limit ?? Int.max, entries.count)
        var picked: [[JSONValue]] = []
        var bytes = 0
        var count = 0
        var cut = false
        for entry in entries.reversed() {
            guard picked.count < wanted else { break }
            let made = make(entry)
            let size = made.reduce(0) { $0 + $1.jsonBytes.count + 1 }
            if count + made.count > Self.entryLimit || bytes + size > Self.byteBudget {
                cut = true
                break
            }
            picked.append(made)
            bytes += size
            count += made.count
        }
        total = entries.count
        shown = picked.count
        truncated = cut
        items = (newestFirst ? picked : picked.reversed()).flatMap { $0 }
    }

    /// The answer's JSON: `members` and the items under `key`; when truncated, `meta` also says `truncated`,
    /// `total` (unless `members` has its own) and what to do.
    func document(_ key: String, _ members: [String: JSONValue] = [:], what: String = "matching requests")
        -> JSONValue
    {
        var document = members
        document[key] = .array(items)
        guard truncated else { return .object(document) }
        var meta: [String: JSONValue] = [:]
        if case .object(let existing)? = members["meta"] { meta = existing }
        if meta["total"] == nil { meta["total"] = .integer(Int64(total)) }
        meta["truncated"] = .bool(true)
        meta["note"] = .string(
            "fscript's mock answers the newest \(shown) of \(total) \(what) (at most \(Self.entryLimit) items and "
                + "\(Self.byteBudget / 1_048_576) MiB): count them with POST /__admin/requests/count, narrow the "
                + "request pattern, or page with GET /__admin/requests?limit=N&since=TIME")
        document["meta"] = .object(meta)
        return .object(document)
    }
}
