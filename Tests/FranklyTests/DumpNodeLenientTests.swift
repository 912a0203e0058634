import Frankly
import JSON
import Testing

/// The wireframe and the inspector read a dump as `DumpNode`, leniently: a picture of an odd tree beats none.
@Suite("Lenient dump reading")
struct DumpNodeLenientTests {
    @Test func aTreeWithoutUidsOrClassesIsStillDrawn() throws {
        let tree = try JSONValue(parsing: Array(#"""
            {"class": "UIWindow", "subviews": [
              {"text": "Hi", "frame": {"origin": {"x": 1, "y": 2}, "size": {"width": 3, "height": 4}}},
              42,
              {"class": "UISwitch", "uid": "7", "isOn": 1, "title": "extra"}]}
            """#.utf8))
        let node = try #require(DumpNode(lenient: tree))
        #expect(node.className == "UIWindow")
        #expect(node.children.map(\.className) == ["UIView", "UISwitch"])
        #expect(node.children[0].drawingFrame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(node.children[1].isOn == true)
        #expect(node.children[1].extra("title") == .string("extra"))
        #expect(DumpNode(lenient: .array([])) == nil)
    }
}
