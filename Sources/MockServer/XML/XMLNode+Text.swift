internal import CXML2
import Foundation

/// What the XML matchers read from a node: its local name, its text, its attributes, its children as XMLUnit
/// sees them with `ignoreWhitespace` and `ignoreComments`, and its serialization. Text is read from the nodes
/// themselves, so nothing libxml2 allocates has to be freed here.
enum XMLNodes {
    /// One child as compared: an element, or trimmed text that is not empty (CDATA is text: parsed with NOCDATA).
    enum Child {
        case element(xmlNodePtr)
        case text(String)
    }

    static func localName(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The children that count: elements and non-blank text, trimmed; comments and processing instructions left out.
    static func children(_ node: xmlNodePtr) -> [Child] {
        var result: [Child] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: result.append(.element(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = content(current).trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty {
                    if case .text(let before) = result.last {
                        result[result.count - 1] = .text(before + text)
                    } else {
                        result.append(.text(text))
                    }
                }
            default: break
            }
            child = current.pointee.next
        }
        return result
    }

    /// The attributes by local name; namespace declarations are not attributes in libxml2's tree.
    static func attributes(_ node: xmlNodePtr) -> [String: String] {
        var result: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            result[name] = text(of: current.pointee.children)
            attribute = current.pointee.next
        }
        return result
    }

    /// A text or CDATA node's own content.
    static func content(_ node: xmlNodePtr) -> String {
        node.pointee.content.map { String(cString: $0) } ?? ""
    }

    /// All text under a list of siblings, in document order.
    static func text(of first: xmlNodePtr?) -> String {
        var result = ""
        var node = first
        while let current = node {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: result += content(current)
            case XML_ELEMENT_NODE: result += text(of: current.pointee.children)
            default: break
            }
            node = current.pointee.next
        }
        return result
    }

    /// What an XPath sub-matcher sees of a selected node, as WireMock shows it: the value of a text or attribute
    /// node, and an element as XML text.
    static func value(_ node: xmlNodePtr, in tree: XMLTree) -> String {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE: return content(node)
        case XML_ATTRIBUTE_NODE: return text(of: node.pointee.children)
        case XML_ELEMENT_NODE: return serialized(node, in: tree)
        default: return text(of: node.pointee.children)
        }
    }

    /// An element and everything under it as XML text, as it was written.
    static func serialized(_ node: xmlNodePtr, in tree: XMLTree) -> String {
        let xml = tree.xml
        guard let buffer = xml.xmlBufferCreate() else { return "" }
        defer { xml.xmlBufferFree(buffer) }
        _ = xml.xmlNodeDump(buffer, tree.document, node, 0, 0)
        return xml.xmlBufferContent(buffer).map { String(cString: $0) } ?? ""
    }

    /// `text` as libxml2's NUL-terminated `xmlChar` string, for the length of `body`.
    static func withXMLChars<T>(_ text: String, _ body: (UnsafePointer<xmlChar>) -> T) -> T {
        let bytes = Array(text.utf8) + [0]
        return bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
