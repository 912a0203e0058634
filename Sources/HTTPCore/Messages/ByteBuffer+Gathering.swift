import NIOCore

extension Optional where Wrapped == ByteBuffer {
    /// Adds a chunk of a message body to what has arrived so far, unless it would pass `limit` bytes: the
    /// server's request bodies and the client's response bodies are gathered the same way, and neither keeps more
    /// than it allows. Returns false (keeping nothing new) when the chunk would pass it.
    mutating func gather(_ chunk: inout ByteBuffer, limit: Int) -> Bool {
        guard (self?.readableBytes ?? 0) + chunk.readableBytes <= limit else { return false }
        if self == nil {
            self = chunk
        } else {
            self!.writeBuffer(&chunk)
        }
        return true
    }
}
