import CCairo
import Foundation
import Frankly
import JSON

/// Paints one dump node and its subviews with cairo, by class: the look is a wireframe of UIKit, not a copy.
///
/// It reads the tree as `DumpNode`, the client's model of a dump, so the wireframe and the client agree on what
/// each attribute means; the per-class looks are in `NodePainter+Classes.swift`.
struct NodePainter {
    /// The cairo functions, from `CairoLibrary`.
    let cairo: ccairo_functions
    let context: OpaquePointer

    /// A node's frame on screen, in points.
    struct Box {
        var x, y, width, height: Double
        var centerY: Double { y + height / 2 }

        /// The box half a point inside, where a one-point outline is crisp.
        var inset: Box { Box(x: x + 0.5, y: y + 0.5, width: width - 1, height: height - 1) }
    }

    mutating func draw(_ node: DumpNode, opacity: Double) {
        if node.isHidden == true { return }
        let opacity = opacity * (node.alpha ?? 1)
        if opacity < 0.01 { return }
        let className = node.className
        if let frame = node.drawingFrame {
            let box = Box(x: frame.origin.x, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
            cairo.save(context)
            paint(node, box: box, opacity: opacity)
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

    private mutating func drawChildren(_ node: DumpNode, opacity: Double) {
        for child in node.children { draw(child, opacity: opacity) }
    }

    func setColor(_ color: JSONValue?, fallback: SystemColor, opacity: Double) {
        let red = color?["red"]?.doubleValue ?? fallback.red
        let green = color?["green"]?.doubleValue ?? fallback.green
        let blue = color?["blue"]?.doubleValue ?? fallback.blue
        let alpha = (color?["alpha"]?.doubleValue ?? fallback.alpha) * opacity
        cairo.set_source_rgba(context, red, green, blue, alpha)
    }

    /// Paints with a colour of UIKit's table.
    func setColor(_ color: SystemColor, opacity: Double) {
        cairo.set_source_rgba(context, color.red, color.green, color.blue, color.alpha * opacity)
    }

    func fill(_ box: Box, radius: Double = 0) {
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

    /// Strokes a line from one point to another in the current colour and width.
    func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cairo.move_to(context, x1, y1)
        cairo.line_to(context, x2, y2)
        cairo.stroke(context)
    }

    /// Writes one line of text inside the box, aligned 0 left, 1 centre, 2 right, clipped to the box.
    func text(_ string: String, in box: Box, size: Double, alignment: Int) {
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
        // The glyphs' outlines, filled: cairo 1.16's show_text puts each glyph on a whole pixel, so text moved
        // by half a pixel would move a whole one (or not at all); a filled path keeps the fractional position.
        cairo.text_path(context, string)
        cairo.fill(context)
        cairo.restore(context)
    }
}
