import NIOCore
import NIOHTTP1

extension ByteBuffer {
    /// Writes a response's status line and header fields, and the empty line that ends them, as HTTP/1.1 puts
    /// them on the wire. The server writes whole answers this way, head and body in one buffer and one write: NIO's
    /// encoder took a head, a body and an end apart, each through three handlers, a quarter of a small answer's
    /// cost. Names and values are checked by the caller (`isHeaderFieldName`, `isHeaderFieldValue`).
    mutating func writeResponseHead(
        version: HTTPVersion, status: Int, reason: String, headers: [(name: String, value: String)]
    ) {
        if version.major == 1, version.minor == 1 {
            writeStaticString("HTTP/1.1 ")
        } else {
            writeString("HTTP/\(version.major).\(version.minor) ")
        }
        if (100...999).contains(status) {
            writeInteger(UInt8(ascii: "0") + UInt8(status / 100))
            writeInteger(UInt8(ascii: "0") + UInt8(status / 10 % 10))
            writeInteger(UInt8(ascii: "0") + UInt8(status % 10))
        } else {
            writeString(String(status))
        }
        writeInteger(UInt8(ascii: " "))
        writeString(reason)
        writeStaticString("\r\n")
        for header in headers {
            writeString(header.name)
            writeStaticString(": ")
            writeString(header.value)
            writeStaticString("\r\n")
        }
        writeStaticString("\r\n")
    }
}
