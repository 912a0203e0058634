import Frankly
import JSON

extension SimView {
    /// The view as `/dump` prints it, in the Frankly wire model every client reads it back into: `class`, `uid`
    /// (a string), `subviews`, then the attributes its class has, nil ones omitted and booleans as 0/1. Extra
    /// keys (`title`, `isEnabled` …) help the wireframe draw it; they travel as the node's other attributes.
    ///
    /// One type describes a dump on both sides of the wire, so what the simulator serves and what a client
    /// decodes cannot drift apart; `DumpNode.json` writes it with sorted keys, as Frank's servers do.
    func dumpNode(recursive: Bool = true) -> DumpNode {
        var node = DumpNode(className: className, uid: uid, subviews: recursive ? children.map { $0.dumpNode() } : nil)
        node.accessibilityFrame = accessibilityFrame
        node.accessibilityLabel = accessibilityLabel
        node.alpha = alpha
        node.backgroundColor = backgroundColor?.json
        node.frame = frame
        node.isHidden = isHidden
        node.tag = tag
        if let id { node.otherAttributes["accessibilityIdentifier"] = .string(id) }
        if let textColor { node.otherAttributes["textColor"] = textColor.json }
        for attribute in attributes { dump(attribute, into: &node) }
        return node
    }

    /// One attribute the view's class descriptors list, in the node's typed field or among its other attributes.
    private func dump(_ attribute: ViewAttribute, into node: inout DumpNode) {
        func extra(_ value: JSONValue?) { node.otherAttributes[attribute.rawValue] = value }
        switch attribute {
        case .contentOffset, .contentSize:
            let size = contentSize ?? Point(x: frame.width, y: frame.height)
            node.contentOffset = contentOffset
            node.contentSize = Size(width: size.x, height: size.y)
        case .font: node.font = DumpNode.Font(fontName: ".SFUI-Regular", familyName: ".SF UI Text", pointSize: fontSize)
        case .isAnimating: extra(.bit(isAnimating))
        case .isEnabled: extra(.bit(isEnabled))
        case .isKeyWindow: node.isKeyWindow = isKeyWindow
        case .isOn: node.isOn = isOn
        case .isSelected:
            if let control = parent { extra(.bit(control.segments.firstIndex { $0 === self } == Int(control.value))) }
        case .maximumValue: extra(.number(maximumValue))
        case .message: extra(message.map(JSONValue.string))
        case .minimumValue: extra(.number(minimumValue))
        case .placeholder: node.placeholder = placeholder
        case .progress: extra(.number(progress ?? 0))
        case .selectedSegmentIndex: node.selectedSegmentIndex = Int(value)
        case .text:
            // A secure field dumps bullets, as UIKit's own text of it would read.
            let masked = isSecure && isKind(UIKitClass.textField)
            node.text = text.map { masked ? String(repeating: "•", count: $0.count) : $0 }
        case .textAlignment: node.textAlignment = textAlignment
        case .title: extra(title.map(JSONValue.string))
        case .value: extra(.number(value))
        case .windowLevel: node.windowLevel = windowLevel
        }
    }
}

extension JSONValue {
    /// A boolean the way Frank dumps it: 0 or 1.
    fileprivate static func bit(_ value: Bool) -> JSONValue { .integer(value ? 1 : 0) }
}
