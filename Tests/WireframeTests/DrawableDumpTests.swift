import Frankly
import JSON
import Testing

@testable import Wireframe

/// The wireframe reads a dump as `DumpNode`, leniently: a picture of an odd tree beats no picture.
@Suite("Drawable dump")
struct DrawableDumpTests {
    @Test func aTreeWithoutUidsOrClassesIsStillDrawn() throws {
        let tree = try JSONValue(parsing: Array(#"""
            {"class": "UIWindow", "subviews": [
              {"text": "Hi", "frame": {"origin": {"x": 1, "y": 2}, "size": {"width": 3, "height": 4}}},
              42,
              {"class": "UISwitch", "uid": "7", "isOn": 1, "title": "extra"}]}
            """#.utf8))
        let node = try #require(DumpNode.drawable(tree))
        #expect(node.className == "UIWindow")
        #expect(node.children.map(\.className) == ["UIView", "UISwitch"])
        #expect(node.children[0].drawingFrame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(node.children[1].isOn == true)
        #expect(node.children[1].extra("title") == .string("extra"))
        #expect(DumpNode.drawable(.array([])) == nil)
    }
}
