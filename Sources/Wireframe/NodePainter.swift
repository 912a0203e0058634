import CCairo
import Foundation
import Frankly
import JSON

/// Paints one dump node and its subviews with cairo, by class: the look is a wireframe of UIKit, not a copy.
struct NodePainter {
    /// The cairo functions, from `CairoLibrary`.
    let cairo: ccairo_functions
    let context: OpaquePointer

    private struct Box {
        var x, y, width, height: Double
        var centerY: Double { y + height / 2 }
    }

    mutating func draw(_ node: JSONValue, opacity: Double) {
        if node["isHidden"]?.franklyBool == true { return }
        let opacity = opacity * (node["alpha"]?.doubleValue ?? 1)
        if opacity < 0.01 { return }
        let className = node["class"]?.stringValue ?? "UIView"
        if let box = Self.box(node) {
            cairo.save(context)
            paint(node, className: className, box: box, opacity: opacity)
            cairo.restore(context)
            if className.hasSuffix("Window") || className.contains("ScrollView") || className.contains("TableView") {
                cairo.save(context)
                cairo.rectangle(context, box.x, box.y, box.width, box.height)
                cairo.clip(context)
                drawChildren(node, opacity: opacity)
                cairo.restore(context)
                return
            }
        }
        drawChildren(node, opacity: opacity)
    }

    private mutating func drawChildren(_ node: JSONValue, opacity: Double) {
        if case .array(let children) = node["subviews"] ?? .null {
            for child in children { draw(child, opacity: opacity) }
        }
    }

    private static func box(_ node: JSONValue) -> Box? {
        guard let frame = node["accessibilityFrame"] ?? node["frame"],
            let x = frame["origin"]?["x"]?.doubleValue, let y = frame["origin"]?["y"]?.doubleValue,
            let width = frame["size"]?["width"]?.doubleValue, let height = frame["size"]?["height"]?.doubleValue
        else { return nil }
        return Box(x: x, y: y, width: width, height: height)
    }

    private func setColor(_ color: JSONValue?, fallback: (Double, Double, Double, Double), opacity: Double) {
        let red = color?["red"]?.doubleValue ?? fallback.0
        let green = color?["green"]?.doubleValue ?? fallback.1
        let blue = color?["blue"]?.doubleValue ?? fallback.2
        let alpha = (color?["alpha"]?.doubleValue ?? fallback.3) * opacity
        cairo.set_source_rgba(context, red, green, blue, alpha)
    }

    private func fill(_ box: Box, radius: Double = 0) {
        if radius > 0 {
            let r = min(radius, box.width / 2, box.height / 2)
            cairo.new_sub_path(context)
            cairo.arc(context, box.x + box.width - r, box.y + r, r, -Double.pi / 2, 0)
            cairo.arc(context, box.x + box.width - r, box.y + box.height - r, r, 0, Double.pi / 2)
            cairo.arc(context, box.x + r, box.y + box.height - r, r, Double.pi / 2, Double.pi)
            cairo.arc(context, box.x + r, box.y + r, r, Double.pi, 3 * Double.pi / 2)
            cairo.close_path(context)
        } else {
            cairo.rectangle(context, box.x, box.y, box.width, box.height)
        }
    }

    /// Writes one line of text inside the box, aligned 0 left, 1 centre, 2 right, clipped to the box.
    private func text(_ string: String, in box: Box, size: Double, alignment: Int) {
        cairo.save(context)
        cairo.rectangle(context, box.x, box.y, box.width, box.height)
        cairo.clip(context)
        cairo.set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo.text_extents(context, string, &extents)
        let x: Double
        switch alignment {
        case 1: x = box.x + (box.width - extents.x_advance) / 2
        case 2: x = box.x + box.width - extents.x_advance - 4
        default: x = box.x + 4
        }
        cairo.move_to(context, x, box.centerY + size * 0.35)
        cairo.show_text(context, string)
        cairo.restore(context)
    }

    private func paint(_ node: JSONValue, className: String, box: Box, opacity: Double) {
        let background = node["backgroundColor"]
        if background != nil {
            setColor(background, fallback: (1, 1, 1, 1), opacity: opacity)
            fill(box, radius: className == "UIAlertView" ? 12 : 0)
            cairo.fill(context)
        }
        let label = node["accessibilityLabel"]?.stringValue
        switch className {
        case "UILabel":
            setColor(node["textColor"], fallback: (0, 0, 0, 1), opacity: opacity)
            let size = node["font"]?["pointSize"]?.doubleValue ?? 17
            text(node["text"]?.stringValue ?? "", in: box, size: size, alignment: Int(node["textAlignment"]?.doubleValue ?? 0))
        case "UIButton", "UIAlertButton", "UINavigationButton", "UINavigationItemButtonView":
            let title = node["title"]?.stringValue ?? label ?? ""
            setColor(node["textColor"], fallback: (0, 0.48, 1, 1), opacity: opacity)
            if className == "UIButton" {
                cairo.set_line_width(context, 1)
                fill(Box(x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1), radius: 8)
                cairo.stroke(context)
            }
            let prefix = className == "UINavigationItemButtonView" ? "‹ " : ""
            text(prefix + title, in: box, size: 17, alignment: className == "UINavigationItemButtonView" ? 0 : 1)
        case "UITextField":
            cairo.set_source_rgba(context, 0.78, 0.78, 0.8, opacity)
            cairo.set_line_width(context, 1)
            fill(Box(x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1), radius: 5)
            cairo.stroke(context)
            if let value = node["text"]?.stringValue, !value.isEmpty {
                cairo.set_source_rgba(context, 0, 0, 0, opacity)
                text(value, in: Box(x: box.x + 4, y: box.y, width: box.width - 8, height: box.height), size: 17, alignment: 0)
            } else if let placeholder = node["placeholder"]?.stringValue {
                cairo.set_source_rgba(context, 0.7, 0.7, 0.72, opacity)
                text(placeholder, in: Box(x: box.x + 4, y: box.y, width: box.width - 8, height: box.height), size: 17, alignment: 0)
            }
        case "UISwitch":
            let isOn = node["isOn"]?.franklyBool ?? false
            if isOn { cairo.set_source_rgba(context, 0.2, 0.78, 0.35, opacity) } else { cairo.set_source_rgba(context, 0.88, 0.88, 0.9, opacity) }
            fill(box, radius: box.height / 2)
            cairo.fill(context)
            cairo.set_source_rgba(context, 1, 1, 1, opacity)
            let knob = box.height - 4
            cairo.arc(context, isOn ? box.x + box.width - 2 - knob / 2 : box.x + 2 + knob / 2, box.centerY, knob / 2, 0, 2 * Double.pi)
            cairo.fill(context)
        case "UISegmentedControl":
            cairo.set_source_rgba(context, 0, 0.48, 1, opacity)
            cairo.set_line_width(context, 1)
            fill(Box(x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1), radius: 5)
            cairo.stroke(context)
        case "UISegment":
            // The selected segment is filled with the tint and its title drawn white; the others are divided by a
            // hairline on their left (the control's border closes the first).
            let selected = node["isSelected"]?.franklyBool ?? false
            if selected {
                cairo.set_source_rgba(context, 0, 0.48, 1, opacity)
                fill(box, radius: 0)
                cairo.fill(context)
                cairo.set_source_rgba(context, 1, 1, 1, opacity)
            } else {
                cairo.set_source_rgba(context, 0, 0.48, 1, opacity)
                cairo.set_line_width(context, 1)
                cairo.move_to(context, box.x + 0.5, box.y)
                cairo.line_to(context, box.x + 0.5, box.y + box.height)
                cairo.stroke(context)
            }
            text(label ?? "", in: box, size: 13, alignment: 1)
        case "UISlider":
            let minimum = node["minimumValue"]?.doubleValue ?? 0, maximum = node["maximumValue"]?.doubleValue ?? 1
            let value = node["value"]?.doubleValue ?? 0
            let fraction = maximum > minimum ? (value - minimum) / (maximum - minimum) : 0
            let thumbX = box.x + 14 + fraction * (box.width - 28)
            cairo.set_line_width(context, 2)
            cairo.set_source_rgba(context, 0, 0.48, 1, opacity)
            cairo.move_to(context, box.x + 14, box.centerY)
            cairo.line_to(context, thumbX, box.centerY)
            cairo.stroke(context)
            cairo.set_source_rgba(context, 0.8, 0.8, 0.8, opacity)
            cairo.move_to(context, thumbX, box.centerY)
            cairo.line_to(context, box.x + box.width - 14, box.centerY)
            cairo.stroke(context)
            cairo.set_source_rgba(context, 1, 1, 1, opacity)
            cairo.arc(context, thumbX, box.centerY, 13, 0, 2 * Double.pi)
            cairo.fill_preserve(context)
            cairo.set_source_rgba(context, 0.7, 0.7, 0.7, opacity)
            cairo.set_line_width(context, 0.5)
            cairo.stroke(context)
        case "UITableViewCell":
            cairo.set_source_rgba(context, 0.78, 0.78, 0.8, opacity)
            cairo.set_line_width(context, 0.5)
            cairo.move_to(context, box.x + 16, box.y + box.height - 0.25)
            cairo.line_to(context, box.x + box.width, box.y + box.height - 0.25)
            cairo.stroke(context)
        case "UINavigationBar":
            cairo.set_source_rgba(context, 0.7, 0.7, 0.7, opacity)
            cairo.set_line_width(context, 0.5)
            cairo.move_to(context, box.x, box.y + box.height)
            cairo.line_to(context, box.x + box.width, box.y + box.height)
            cairo.stroke(context)
        case "UIActivityIndicatorView":
            guard node["isAnimating"]?.franklyBool ?? true else { break }
            cairo.set_line_width(context, 2)
            cairo.set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            let cx = box.x + box.width / 2, cy = box.centerY, r = min(box.width, box.height) / 2
            for spoke in 0..<8 {
                let angle = Double(spoke) * Double.pi / 4
                cairo.set_source_rgba(context, 0.4, 0.4, 0.4, opacity * (0.3 + Double(spoke) / 11))
                cairo.move_to(context, cx + cos(angle) * r * 0.45, cy + sin(angle) * r * 0.45)
                cairo.line_to(context, cx + cos(angle) * r, cy + sin(angle) * r)
                cairo.stroke(context)
            }
        case "UIImageView":
            cairo.set_source_rgba(context, 0.6, 0.6, 0.6, opacity)
            cairo.set_line_width(context, 1)
            cairo.rectangle(context, box.x + 0.5, box.y + 0.5, box.width - 1, box.height - 1)
            cairo.move_to(context, box.x, box.y)
            cairo.line_to(context, box.x + box.width, box.y + box.height)
            cairo.move_to(context, box.x + box.width, box.y)
            cairo.line_to(context, box.x, box.y + box.height)
            cairo.stroke(context)
        default:
            break
        }
    }
}
