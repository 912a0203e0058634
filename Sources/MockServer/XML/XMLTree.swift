internal import CXML2
import Foundation

/// A parsed XML document, freed when the last reference goes: what `equalToXml` and `matchesXPath` look at.
///
/// libxml2 parses with the network off and entities left unexpanded, and a document with a DTD (`<!DOCTYPE`) is
/// refused outright: a request body is outside input, and a DTD is how XML asks a parser to read files or URLs
/// (XXE) or to expand entities without bound. The body limit already bounds the document's size. A tree is used by
/// one request on one thread and never shared.
final class XMLTree {
    let document: xmlDocPtr
    /// The libxml2 functions, opened at run time (see XMLLibrary).
    let xml: cxml2_functions

    private init(_ document: xmlDocPtr, _ xml: cxml2_functions) {
        self.document = document
        self.xml = xml
    }

    deinit { xml.xmlFreeDoc(document) }

    /// The root element (a parsed document always has one).
    var root: xmlNodePtr? { xml.xmlDocGetRootElement(document) }

    /// Why text could not be used as XML: the parser's message with its line, or the DTD refusal.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `bytes` as a whole XML document, or says why it is not one.
    static func parse(_ bytes: [UInt8]) -> Result<XMLTree, Failure> {
        let xml: cxml2_functions
        switch XMLLibrary.functions() {
        case .success(let functions): xml = functions
        case .failure(let failure): return .failure(failure)
        }
        silenceErrors(xml)
        guard !bytes.isEmpty else { return .failure(Failure(description: "empty text is not XML")) }
        guard let context = xml.xmlNewParserCtxt() else { return .failure(Failure(description: "out of memory")) }
        defer { xml.xmlFreeParserCtxt(context) }
        let options =
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                xml.xmlCtxtReadMemory(
                    context, start, Int32(clamping: buffer.count), nil, nil, Int32(bitPattern: options))
            }
        }
        guard let document = parsed else { return .failure(Failure(description: reason(context))) }
        let tree = XMLTree(document, xml)
        if document.pointee.intSubset != nil || document.pointee.extSubset != nil {
            return .failure(
                Failure(
                    description: "a DTD (<!DOCTYPE …>) is not accepted: it can read files or expand "
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
    static func silenceErrors(_ xml: cxml2_functions) {
        xml.xmlSetStructuredErrorFunc(nil, { _, _ in })
    }
}
