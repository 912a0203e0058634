/// For each request whose head NIO's parser has not handed on yet, in order: its method as its client sent it when
/// `RequestBoundaries` gave the parser `GET` instead, else nil.
///
/// Kept as a count of requests and the swapped methods alone: almost no request has one, and a list with an entry
/// for every request was an array made and dropped for every read.
struct SentMethods {
    /// Requests started, and heads taken, on this connection.
    private var started = 0
    private var taken = 0
    /// The swapped methods, each with the number of its request, oldest first.
    private var swapped: [(request: Int, method: String)] = []

    /// A request started; `method` is its method as sent when it was swapped.
    mutating func append(_ method: String?) {
        if let method { swapped.append((started, method)) }
        started += 1
    }

    /// The method as sent of the request whose head the parser hands on now, when it was swapped. A head beyond
    /// the requests started (framing not followed, see `RequestBoundaries`) takes nothing.
    mutating func takeNext() -> String? {
        guard taken < started else { return nil }
        defer { taken += 1 }
        guard let first = swapped.first, first.request == taken else { return nil }
        swapped.removeFirst()
        return first.method
    }
}
