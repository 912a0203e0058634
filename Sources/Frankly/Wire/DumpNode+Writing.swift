import JSON

extension DumpNode {
    /// Writes the node as `json.jsonBytes` would, byte for byte, without building a dictionary per node: `/dump`
    /// is the hottest answer a Frankly server gives (the simulator's), and a sorted dictionary per view cost
    /// several times the writing. The typed fields are written at their places among the other attributes.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        var members = SortedMembers(otherAttributes)
        members.put("accessibilityFrame", accessibilityFrame, to: &json) { $0.write(to: &$1) }
        members.put("accessibilityLabel", accessibilityLabel, to: &json) { $1.value($0) }
        members.put("alpha", alpha, to: &json) { $1.value($0) }
        members.put("backgroundColor", backgroundColor, to: &json) { $1.value($0) }
        members.put("class", className, to: &json) { $1.value($0) }
        members.put("contentOffset", contentOffset, to: &json) { $0.write(to: &$1) }
        members.put("contentSize", contentSize, to: &json) { $0.write(to: &$1) }
        members.put("font", font, to: &json) { font, json in
            json.beginObject()
            json.member("familyName", font.familyName)
            json.member("fontName", font.fontName)
            json.member("pointSize", font.pointSize)
            json.endObject()
        }
        members.put("frame", frame, to: &json) { $0.write(to: &$1) }
        members.put("isHidden", isHidden, to: &json) { $1.value($0 ? 1 : 0) }
        members.put("isKeyWindow", isKeyWindow, to: &json) { $1.value($0 ? 1 : 0) }
        members.put("isOn", isOn, to: &json) { $1.value($0 ? 1 : 0) }
        members.put("numberOfSegments", numberOfSegments, to: &json) { $1.value($0) }
        members.put("placeholder", placeholder, to: &json) { $1.value($0) }
        members.put("selectedSegmentIndex", selectedSegmentIndex, to: &json) { $1.value($0) }
        members.put("subviews", subviews, to: &json) { children, json in
            json.beginArray()
            for child in children { child.write(to: &json) }
            json.endArray()
        }
        members.put("tag", tag, to: &json) { $1.value($0) }
        members.put("text", text, to: &json) { $1.value($0) }
        members.put("textAlignment", textAlignment, to: &json) { $1.value($0) }
        members.put("uid", uid, to: &json) { $1.value($0) }
        members.put("windowLevel", windowLevel, to: &json) { $1.value($0) }
        members.finish(to: &json)
        json.endObject()
    }
}

/// The other attributes in key order, merged with the typed fields as they are written (which must be in key
/// order too): a typed field that is set wins over an other attribute of the same name, as in `DumpNode.json`.
private struct SortedMembers {
    let values: [String: JSONValue]
    let keys: [String]
    var next = 0

    init(_ values: [String: JSONValue]) {
        self.values = values
        keys = values.keys.sorted()
    }

    /// Writes the other attributes before `key`, then `key` itself: the typed `value` when set, else the other
    /// attribute of that name, if any.
    mutating func put<T>(
        _ key: String, _ value: T?, to json: inout JSONWriter, _ write: (T, inout JSONWriter) -> Void
    ) {
        while next < keys.count, keys[next] < key {
            putOther(keys[next], to: &json)
            next += 1
        }
        let shadowed = next < keys.count && keys[next] == key
        if shadowed { next += 1 }
        if let value {
            json.key(named: key)
            write(value, &json)
        } else if shadowed {
            putOther(key, to: &json)
        }
    }

    /// Writes the other attributes after the last typed field.
    mutating func finish(to json: inout JSONWriter) {
        while next < keys.count {
            putOther(keys[next], to: &json)
            next += 1
        }
    }

    private func putOther(_ key: String, to json: inout JSONWriter) {
        json.key(named: key)
        if let value = values[key] { json.value(value) }
    }
}

extension Rect {
    /// `{"origin":{"x","y"},"size":{"height","width"}}`, as `json` is written.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("origin")
        origin.write(to: &writer)
        writer.key("size")
        size.write(to: &writer)
        writer.endObject()
    }
}

extension Point {
    /// `{"x","y"}`, as `json` is written.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("x", x)
        writer.member("y", y)
        writer.endObject()
    }
}

extension Size {
    /// `{"height","width"}`, as `json` is written.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("height", height)
        writer.member("width", width)
        writer.endObject()
    }
}
