import Frankly
import JSON
import Testing

@testable import FScript

/// The view tree a trace keeps: visible views only, with class, label, text and screen frame, keys sorted so that
/// equal screens give equal text.
@Suite struct TraceTreeTests {
    private func node(_ json: String) throws -> DumpNode {
        try #require(DumpNode(lenient: JSONValue(parsing: Array(json.utf8))))
    }

    @Test func keepsWhatTheViewerShowsInSortedOrderAndLeavesHiddenViewsOut() throws {
        let dump = try node(
            #"""
            {"class": "UIWindow", "uid": "w", "accessibilityFrame": {"origin": {"x": 0, "y": 0},
              "size": {"width": 320, "height": 480}}, "alpha": 1, "subviews": [
              {"class": "UIButton", "uid": "b", "accessibilityLabel": "Log In", "title": "Log In", "tag": 7,
               "accessibilityFrame": {"origin": {"x": 10.5, "y": 20}, "size": {"width": 100, "height": 44}}},
              {"class": "UILabel", "uid": "h", "isHidden": 1, "text": "secret"},
              {"class": "UITextField", "uid": "t", "placeholder": "User name", "text": "",
               "frame": {"origin": {"x": 1, "y": 2}, "size": {"width": 3, "height": 4}}}]}
            """#)
        let tree = TraceTree(dump)
        #expect(
            tree.json
                == #"{"children":[{"class":"UIButton","frame":{"h":44,"w":100,"x":10.5,"y":20},"label":"Log In","#
                + #""text":"Log In"},{"class":"UITextField","frame":{"h":4,"w":3,"x":1,"y":2},"text":"User name"}],"#
                + #""class":"UIWindow","frame":{"h":480,"w":320,"x":0,"y":0}}"#)
        #expect(tree.width == 320 && tree.height == 480)
    }

    @Test func aHiddenWindowOrOneWithoutAFrameStillGivesATree() throws {
        let hidden = TraceTree(try node(#"{"class": "UIWindow", "uid": "w", "isHidden": true}"#))
        #expect(hidden.json == #"{"class":"?"}"#)
        #expect(hidden.width == 375 && hidden.height == 667)
        #expect(TraceTree(try node(#"{"class": "UIView", "uid": "v"}"#)).json == #"{"class":"UIView"}"#)
    }

    @Test func equalScreensGiveEqualTextWhateverTheDumpsKeyOrder() throws {
        let a = try node(#"{"class": "UILabel", "uid": "1", "text": "Hi", "accessibilityLabel": "Greeting"}"#)
        let b = try node(#"{"accessibilityLabel": "Greeting", "text": "Hi", "uid": "2", "class": "UILabel"}"#)
        #expect(TraceTree(a).json == TraceTree(b).json)
    }
}
