import Foundation
import Frankly
import JSON
import Testing

@Suite struct DumpNodeTests {
    /// A dump as a real Frank server writes it, with attributes fscript has no property for.
    static let dump = #"""
        {"class":"UIWindow","uid":"0x7f8b1c",
         "accessibilityFrame":{"origin":{"x":0,"y":0},"size":{"width":390,"height":844}},
         "frame":{"origin":{"x":0,"y":0},"size":{"width":390,"height":844}},"tag":0,"alpha":1,"isHidden":0,
         "windowLevel":0,"isKeyWindow":1,"backgroundColor":{"red":1,"green":1,"blue":1,"alpha":1},
         "subviews":[
          {"class":"UITableView","uid":"0x7f8b2d","accessibilityLabel":"Items","tag":0,"alpha":1,"isHidden":0,
           "frame":{"origin":{"x":0,"y":91},"size":{"width":390,"height":753}},
           "contentOffset":{"x":0,"y":-91.5},"contentSize":{"width":390,"height":1320},
           "accessibilityIdentifier":"itemsTable","FEX_isVisible":1,
           "subviews":[
            {"class":"UILabel","uid":"0x7f8b3e","accessibilityLabel":"Apples","text":"Apples","textAlignment":4,
             "font":{"fontName":".SFUI-Regular","familyName":".AppleSystemUIFont","pointSize":17},
             "frame":{"origin":{"x":16,"y":0},"size":{"width":358,"height":43.666666666666664}},"subviews":[]},
            {"class":"UISwitch","uid":"0x7f8b4f","isOn":1,"alpha":0.5,"subviews":[]},
            {"class":"UISegmentedControl","uid":"0x7f8b50","numberOfSegments":3,"selectedSegmentIndex":-1,
             "subviews":[]},
            {"class":"UITextField","uid":"0x7f8b61","placeholder":"User name","text":"","tag":"oops","subviews":[]}
           ]}
         ]}
        """#

    @Test func roundTripsAWholeDump() throws {
        let original = try JSONValue(parsing: Array(Self.dump.utf8))
        let node = try JSONDecoder().decode(DumpNode.self, from: Data(Self.dump.utf8))
        let reencoded = try JSONValue(parsing: Array(try JSONEncoder().encode(node)))
        #expect(reencoded == original)
        #expect(node.json == original)
    }

    @Test func readsTheKnownAttributes() throws {
        let window = try DumpNode(json: JSONValue(parsing: Array(Self.dump.utf8)))
        #expect(window.className == "UIWindow")
        #expect(window.isKeyWindow == true)
        #expect(window.isHidden == false)
        let table = try #require(window.subviews?.first)
        #expect(table.contentOffset == Point(x: 0, y: -91.5))
        #expect(table.otherAttributes == ["accessibilityIdentifier": "itemsTable", "FEX_isVisible": 1])
        let label = table.children[0]
        #expect(label.font == DumpNode.Font(fontName: ".SFUI-Regular", familyName: ".AppleSystemUIFont", pointSize: 17))
        #expect(label.frame?.size.height == 43.666666666666664)
        #expect(table.children[1].isOn == true)
        #expect(table.children[2].selectedSegmentIndex == -1)
        // A known attribute in an unexpected shape is kept as written rather than lost or fatal.
        let field = table.children[3]
        #expect(field.tag == nil)
        #expect(field.otherAttributes["tag"] == "oops")
        #expect(window.allNodes.map(\.uid) == ["0x7f8b1c", "0x7f8b2d", "0x7f8b3e", "0x7f8b4f", "0x7f8b50", "0x7f8b61"])
    }

    @Test func singleNodeHasNoSubviewsKey() throws {
        let node = try DumpNode(json: JSONValue(parsing: Array(#"{"class":"UIButton","uid":"7"}"#.utf8)))
        #expect(node.subviews == nil)
        #expect(node.json == .object(["class": "UIButton", "uid": "7"]))
    }

    @Test func numericUIDsFromOldServersBecomeStrings() throws {
        let node = try DumpNode(json: JSONValue(parsing: Array(#"{"class":"UIView","uid":42,"subviews":[]}"#.utf8)))
        #expect(node.uid == "42")
    }

    @Test func aNodeWithoutClassIsRejected() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DumpNode.self, from: Data(#"{"uid":"1"}"#.utf8))
        }
    }

    /// The streaming writer (the simulator's `/dump`) writes exactly what `json.jsonBytes` does: keys sorted, the
    /// typed fields among the other attributes, a set typed field winning over an other attribute of its name,
    /// and an other attribute kept where its typed field is unset (`"tag":"oops"`).
    @Test func writingStraightIsTheJSONText() throws {
        var node = try DumpNode(json: JSONValue(parsing: Array(Self.dump.utf8)))
        node.otherAttributes["aaa"] = .integer(1)
        node.otherAttributes["isEnabled"] = .integer(0)
        node.otherAttributes["text"] = .string("shadowed")
        node.otherAttributes["zzz"] = .array([.null, .string("é\n")])
        node.text = "typed"
        node.font = DumpNode.Font(fontName: "A", familyName: "B", pointSize: 12.5)
        node.numberOfSegments = 2
        node.placeholder = "p"
        node.selectedSegmentIndex = 0
        node.textAlignment = 1
        node.alpha = .infinity
        var writer = JSONWriter()
        node.write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == node.json.jsonString)
        var leaf = JSONWriter()
        DumpNode(className: "UIView", uid: "1", subviews: nil).write(to: &leaf)
        #expect(String(decoding: leaf.bytes, as: UTF8.self) == #"{"class":"UIView","uid":"1"}"#)
    }
}
