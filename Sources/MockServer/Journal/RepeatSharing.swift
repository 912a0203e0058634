import HTTPCore

#if canImport(Glibc)
import Glibc
#endif

/// Lets a journal entry share the storage of the previous one's target, headers and outcome when they are equal.
///
/// A test's client (and a load generator) sends the same headers and often the same target request after request;
/// every request arrives in buffers of its own, so without sharing a full journal keeps 50,000 equal copies. One
/// comparison with the previous entry finds most repeats at the cost of a few string compares per request.
/// Not thread-safe: the journal uses it under its lock.
struct RepeatSharing {
    private var uri = ""
    private var headers: [(name: String, value: String)] = []
    private var outcome: ServeOutcome?

    /// `uri`, or the previous entry's equal string (byte for byte: the journal must give back what was sent).
    mutating func shared(uri: String) -> String {
        if Self.sameBytes(uri, self.uri) { return self.uri }
        self.uri = uri
        return uri
    }

    /// `headers`, or the previous entry's equal array (same names, values and order).
    mutating func shared(headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        if Self.same(headers, self.headers) { return self.headers }
        self.headers = headers
        return headers
    }

    /// Whether two header lists are byte for byte the same: names, values and order (also `ProxiedAnswers`'s test).
    static func same(_ headers: [(name: String, value: String)], _ other: [(name: String, value: String)]) -> Bool {
        headers.count == other.count && zip(headers, other).allSatisfy { new, old in
            sameBytes(new.name, old.name) && sameBytes(new.value, old.value)
        }
    }

    /// Whether two strings are the same bytes (`==` also equates different encodings of one text): compared as
    /// memory where the strings are contiguous, which they are as received; element by element, the way this
    /// compared before, cost a third of a journal entry.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in
                first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
            }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// The previous entry's outcome when `decision` is the same stub and status; a new one otherwise.
    mutating func outcome(for decision: StubStore.Decision) -> ServeOutcome {
        if let outcome, outcome.describes(decision) { return outcome }
        let made = ServeOutcome(decision: decision)
        outcome = made
        return made
    }

    /// Forgets what it holds, so a journal reset frees it.
    mutating func reset() { self = RepeatSharing() }
}
