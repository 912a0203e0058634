import Foundation
import CXML2

/// A parsed XML document, freed when the last reference goes: what `equalToXml` and `matchesXPath` look at.
///
/// libxml2 parses with the network off and entities left unexpanded, and a document with a DTD (`<!DOCTYPE`) is
/// refused outright: a request body is outside input, and a DTD is how XML asks a parser to read files or URLs
/// (XXE) or to expand entities without bound. The body limit already bounds the document's size. A tree is used by
/// one request on one thread and never shared.
final class XMLTree {
    let document: xmlDocPtr

    private init(_ document: xmlDocPtr) { self.document = document }

    deinit { xmlFreeDoc(document) }

    /// The root element (a parsed document always has one).
    var root: xmlNodePtr? { xmlDocGetRootElement(document) }

    /// Why text could not be used as XML: the parser's message with its line, or the DTD refusal.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// libxml2's one-time set-up, which is not safe to race; every parse goes through it first.
    private static let ready: Void = xmlInitParser()

    /// Parses `bytes` as a whole XML document, or says why it is not one.
    static func parse(_ bytes: [UInt8]) -> Result<XMLTree, Failure> {
        _ = ready
        silenceErrors()
        guard !bytes.isEmpty else { return .failure(Failure(description: "empty text is not XML")) }
        guard let context = xmlNewParserCtxt() else { return .failure(Failure(description: "out of memory")) }
        defer { xmlFreeParserCtxt(context) }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                xmlCtxtReadMemory(context, start, Int32(clamping: buffer.count), nil, nil, Int32(bitPattern: options))
            }
        }
        guard let document = parsed else { return .failure(Failure(description: reason(context))) }
        let tree = XMLTree(document)
        if document.pointee.intSubset != nil || document.pointee.extSubset != nil {
            return .failure(Failure(description: "a DTD (<!DOCTYPE …>) is not accepted: it can read files or expand "
                + "entities without bound; send the document without it"))
        }
        guard tree.root != nil else { return .failure(Failure(description: "no root element")) }
        return .success(tree)
    }

    /// The parser's last error, as `line N: message`.
    private static func reason(_ context: xmlParserCtxtPtr) -> String {
        let error = context.pointee.lastError
        guard let message = error.message else { return "not well-formed XML" }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return "not well-formed XML (line \(error.line): \(text))"
    }

    /// libxml2 prints errors to stderr unless told otherwise; the handler is per thread, so each use sets it.
    static func silenceErrors() {
        xmlSetStructuredErrorFunc(nil, { _, _ in })
    }
}
