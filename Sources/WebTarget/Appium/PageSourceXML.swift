internal import CXML2
import LibXML2

/// An Appium page source parsed by libxml2 into plain Swift values: element names, decoded attributes, children.
///
/// libxml2 rather than FoundationXML, whose static build would link libxml2 into every fscript start; the process's
/// one opening of it (`LibXML2`, shared with the mock's XML matchers) happens the first time a phone's screen is
/// read. The parse copies what the class tables need and frees libxml2's tree at once, so
/// nothing of libxml2 escapes this file.
enum PageSourceXML {
    /// One element of the source, with its attributes decoded (`&amp;` is `&`, `&#10;` a line break).
    struct Element: Sendable {
        /// The tag: `XCUIElementTypeButton`, `android.widget.Button`, `hierarchy`, `AppiumAUT`.
        var name: String
        var attributes: [String: String]
        /// The child elements in document order (text and comments between them are not part of a page source).
        var children: [Element]

        /// The attribute's value, nil when it is absent or empty (both servers write `""` for "none").
        subscript(_ name: String) -> String? {
            guard let value = attributes[name], !value.isEmpty else { return nil }
            return value
        }

        /// True when the attribute is written `true`, false when `false`, nil when absent.
        func flag(_ name: String) -> Bool? {
            switch attributes[name] {
            case "true": return true
            case "false": return false
            default: return nil
            }
        }
    }

    /// The process's libxml2 (`LibXML2`, shared with the mock), or what to install.
    private static var library: Result<cxml2_functions, WebTargetError> {
        LibXML2.functions().mapError { missing in
            WebTargetError(
                "reading a phone's screen needs libxml2 (\(missing.reason)); install it with 'apt-get install libxml2' "
                    + "(scripts/install does)")
        }
    }

    /// Parses a whole page source, or throws why it is not XML, naming the line.
    ///
    /// The network is off and no entity is expanded beyond XML's own (`&amp;`, `&lt;`, character references),
    /// which libxml2 always decodes in attribute values; a source is a device's answer, not a document to follow.
    static func parse(_ text: String) throws -> Element {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw WebTargetError("the Appium page source is empty: the server sent no XML") }
        let xml = try library.get()
        // libxml2 prints errors to stderr unless given a handler; this one keeps the first error (the cause: a
        // parse goes on after it, and its last error is often "premature end of data"). Per thread, so per parse.
        let first = FirstError()
        xml.xmlSetStructuredErrorFunc(
            Unmanaged.passUnretained(first).toOpaque(),
            { data, error in
                guard let data, let error else { return }
                let first = Unmanaged<FirstError>.fromOpaque(data).takeUnretainedValue()
                guard first.message == nil else { return }
                first.message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed"
                first.line = Int(error.pointee.line)
            })
        defer { xml.xmlSetStructuredErrorFunc(nil, { _, _ in }) }
        guard let context = xml.xmlNewParserCtxt() else { throw WebTargetError("libxml2 is out of memory") }
        defer { xml.xmlFreeParserCtxt(context) }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        // The handler holds `first` unretained: it must outlive the parse.
        let parsed = withExtendedLifetime(first) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                    xml.xmlCtxtReadMemory(
                        context, start, Int32(clamping: buffer.count), nil, "UTF-8", Int32(bitPattern: options))
                }
            }
        }
        guard let document = parsed else { throw WebTargetError(reason(first)) }
        defer { xml.xmlFreeDoc(document) }
        guard let root = xml.xmlDocGetRootElement(document) else {
            throw WebTargetError("the Appium page source has no root element")
        }
        return element(root)
    }

    /// The first error libxml2 reported while parsing.
    private final class FirstError {
        var message: String?
        var line = 0
    }

    /// `the Appium page source is not well-formed XML (line 3: …)`.
    private static func reason(_ first: FirstError) -> String {
        guard var text = first.message else { return "the Appium page source is not well-formed XML" }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return "the Appium page source is not well-formed XML (line \(first.line): \(text))"
    }

    /// Copies an element and its subtree; depth is bounded by libxml2's own limit (256 without XML_PARSE_HUGE),
    /// well above the depth either server dumps (WebDriverAgent's snapshots stop at 50, UiAutomator2's at 70).
    private static func element(_ node: xmlNodePtr) -> Element {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            attributes[name] = text(of: current.pointee.children)
            attribute = current.pointee.next
        }
        var children: [Element] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { children.append(element(current)) }
            child = current.pointee.next
        }
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        return Element(name: name, attributes: attributes, children: children)
    }

    /// An attribute's value: the text of its children (one text node once libxml2 has decoded references).
    private static func text(of first: xmlNodePtr?) -> String {
        var result = ""
        var node = first
        while let current = node {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                result += String(cString: content)
            }
            node = current.pointee.next
        }
        return result
    }
}
