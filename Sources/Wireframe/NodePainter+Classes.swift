import CCairo
import Foundation
import Frankly
import JSON

/// The look of each UIKit class; a class not listed here draws only its background.
extension NodePainter {
    /// Paints the node itself (not its subviews): its background, then what its class shows.
    func paint(_ node: DumpNode, box: Box, opacity: Double) {
        if let background = node.backgroundColor {
            setColor(background, fallback: SystemColor(red: 1, green: 1, blue: 1), opacity: opacity)
            fill(box, radius: node.className == "UIAlertView" ? 12 : 0)
            cairo.fill(context)
        }
        switch node.className {
        case "UILabel": paintLabel(node, box, opacity)
        case "UIButton", "UIAlertButton", "UINavigationButton", "UINavigationItemButtonView":
            paintButton(node, box, opacity)
        case "UITextField": paintTextField(node, box, opacity)
        case "UISwitch": paintSwitch(node, box, opacity)
        case "UISegmentedControl":
            setColor(.tint, opacity: opacity)
            cairo.set_line_width(context, 1)
            fill(box.inset, radius: 5)
            cairo.stroke(context)
        case "UISegment": paintSegment(node, box, opacity)
        case "UISlider": paintSlider(node, box, opacity)
        case "UITableViewCell":
            setColor(.separator, opacity: opacity)
            cairo.set_line_width(context, 0.5)
            line(box.x + 16, box.y + box.height - 0.25, box.x + box.width, box.y + box.height - 0.25)
        case "UINavigationBar":
            cairo.set_source_rgba(context, 0.7, 0.7, 0.7, opacity)
            cairo.set_line_width(context, 0.5)
            line(box.x, box.y + box.height, box.x + box.width, box.y + box.height)
        case "UIActivityIndicatorView": paintSpinner(node, box, opacity)
        case "UIImageView": paintImage(box, opacity)
        default: break
        }
    }

    private func paintLabel(_ node: DumpNode, _ box: Box, _ opacity: Double) {
        setColor(node.extra("textColor"), fallback: SystemColor(red: 0, green: 0, blue: 0), opacity: opacity)
        // A font in a shape DumpNode does not type (an extra member) is kept raw; its size is still the size.
        let size = node.font?.pointSize ?? node.extra("font")?["pointSize"]?.doubleValue ?? 17
        text(node.text ?? "", in: box, size: size, alignment: node.textAlignment ?? 0)
    }

    private func paintButton(_ node: DumpNode, _ box: Box, _ opacity: Double) {
        let title = node.extra("title")?.stringValue ?? node.accessibilityLabel ?? ""
        setColor(node.extra("textColor"), fallback: .tint, opacity: opacity)
        if node.className == "UIButton" {
            cairo.set_line_width(context, 1)
            fill(box.inset, radius: 8)
            cairo.stroke(context)
        }
        let isBack = node.className == "UINavigationItemButtonView"
        text((isBack ? "‹ " : "") + title, in: box, size: 17, alignment: isBack ? 0 : 1)
    }

    private func paintTextField(_ node: DumpNode, _ box: Box, _ opacity: Double) {
        setColor(.separator, opacity: opacity)
        cairo.set_line_width(context, 1)
        fill(box.inset, radius: 5)
        cairo.stroke(context)
        let inner = Box(x: box.x + 4, y: box.y, width: box.width - 8, height: box.height)
        if let value = node.text, !value.isEmpty {
            cairo.set_source_rgba(context, 0, 0, 0, opacity)
            text(value, in: inner, size: 17, alignment: 0)
        } else if let placeholder = node.placeholder {
            cairo.set_source_rgba(context, 0.7, 0.7, 0.72, opacity)
            text(placeholder, in: inner, size: 17, alignment: 0)
        }
    }

    private func paintSwitch(_ node: DumpNode, _ box: Box, _ opacity: Double) {
        let isOn = node.isOn ?? false
        if isOn {
            setColor(.switchOn, opacity: opacity)
        } else {
            cairo.set_source_rgba(context, 0.88, 0.88, 0.9, opacity)
        }
        fill(box, radius: box.height / 2)
        cairo.fill(context)
        cairo.set_source_rgba(context, 1, 1, 1, opacity)
        let knob = box.height - 4
        let knobX = isOn ? box.x + box.width - 2 - knob / 2 : box.x + 2 + knob / 2
        cairo.arc(context, knobX, box.centerY, knob / 2, 0, 2 * Double.pi)
        cairo.fill(context)
    }

    /// The selected segment is filled with the tint and its title drawn white; the others are divided by a
    /// hairline on their left (the control's border closes the first).
    private func paintSegment(_ node: DumpNode, _ box: Box, _ opacity: Double) {
        setColor(.tint, opacity: opacity)
        if node.extraFlag("isSelected", false) {
            fill(box, radius: 0)
            cairo.fill(context)
            cairo.set_source_rgba(context, 1, 1, 1, opacity)
        } else {
            cairo.set_line_width(context, 1)
            line(box.x + 0.5, box.y, box.x + 0.5, box.y + box.height)
        }
        text(node.accessibilityLabel ?? "", in: box, size: 13, alignment: 1)
    }

    private func paintSlider(_ node: DumpNode, _ box: Box, _ opacity: Double) {
        let minimum = node.extraNumber("minimumValue", 0), maximum = node.extraNumber("maximumValue", 1)
        let value = node.extraNumber("value", 0)
        let fraction = maximum > minimum ? (value - minimum) / (maximum - minimum) : 0
        let thumbX = box.x + 14 + fraction * (box.width - 28)
        cairo.set_line_width(context, 2)
        setColor(.tint, opacity: opacity)
        line(box.x + 14, box.centerY, thumbX, box.centerY)
        cairo.set_source_rgba(context, 0.8, 0.8, 0.8, opacity)
        line(thumbX, box.centerY, box.x + box.width - 14, box.centerY)
        cairo.set_source_rgba(context, 1, 1, 1, opacity)
        cairo.arc(context, thumbX, box.centerY, 13, 0, 2 * Double.pi)
        cairo.fill_preserve(context)
        cairo.set_source_rgba(context, 0.7, 0.7, 0.7, opacity)
        cairo.set_line_width(context, 0.5)
        cairo.stroke(context)
    }

    private func paintSpinner(_ node: DumpNode, _ box: Box, _ opacity: Double) {
        guard node.extraFlag("isAnimating", true) else { return }
        cairo.set_line_width(context, 2)
        cairo.set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        let cx = box.x + box.width / 2, cy = box.centerY, r = min(box.width, box.height) / 2
        for spoke in 0..<8 {
            let angle = Double(spoke) * Double.pi / 4
            cairo.set_source_rgba(context, 0.4, 0.4, 0.4, opacity * (0.3 + Double(spoke) / 11))
            line(cx + cos(angle) * r * 0.45, cy + sin(angle) * r * 0.45, cx + cos(angle) * r, cy + sin(angle) * r)
        }
    }

    private func paintImage(_ box: Box, _ opacity: Double) {
        cairo.set_source_rgba(context, 0.6, 0.6, 0.6, opacity)
        cairo.set_line_width(context, 1)
        cairo.rectangle(context, box.x + 0.5, box.y + 0.5, box.width - 1, box.height - 1)
        cairo.move_to(context, box.x, box.y)
        cairo.line_to(context, box.x + box.width, box.y + box.height)
        cairo.move_to(context, box.x + box.width, box.y)
        cairo.line_to(context, box.x, box.y + box.height)
        cairo.stroke(context)
    }
}
