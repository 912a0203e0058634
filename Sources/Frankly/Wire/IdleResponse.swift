/// The answer of fscript's own `GET /idle` extension:
/// `{"idle":false,"busy":[{"kind":"animation","what":"UIActivityIndicatorView 'Loading'","remaining_ms":400}]}`.
///
/// `wait_for_idle` polls it and, on timeout, names what is still busy. Servers without the extension answer 404
/// and the client falls back to polling `descendant isAnimating` through `/map`.
public struct IdleResponse: Codable, Sendable, Equatable {
    /// One thing that keeps the app from being idle.
    public struct Busy: Codable, Sendable, Equatable {
        /// What sort of activity: `animation`, `network`, or a server's own word.
        public var kind: String
        /// A human description, e.g. `UIActivityIndicatorView 'Loading'` or `POST /api/login`.
        public var what: String
        /// How long the activity is still expected to run, when the server knows.
        public var remainingMilliseconds: Int?

        /// One busy item.
        public init(kind: String, what: String, remainingMilliseconds: Int? = nil) {
            self.kind = kind
            self.what = what
            self.remainingMilliseconds = remainingMilliseconds
        }

        private enum CodingKeys: String, CodingKey {
            case kind, what
            case remainingMilliseconds = "remaining_ms"
        }
    }

    /// True when nothing is animating or in flight.
    public var idle: Bool
    /// What is still going on; empty when idle.
    public var busy: [Busy]

    /// An answer listing `busy`; idle exactly when the list is empty.
    public init(busy: [Busy]) {
        self.idle = busy.isEmpty
        self.busy = busy
    }

    private enum CodingKeys: String, CodingKey {
        case idle, busy
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        idle = try container.decode(Bool.self, forKey: .idle)
        busy = try container.decodeIfPresent([Busy].self, forKey: .busy) ?? []
    }
}
