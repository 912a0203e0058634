import JSON

/// Shard reports an attacker or a broken CI step could hand `merge-reports`, made from fuzz bytes: a JSON report
/// whose cases name the workspace's secrets and devices as attachments, artifacts, traces, step pictures and
/// screenshots, carry `javascript:` links and markup, and put wrong types where numbers, lists and strings go;
/// or a valid message stream with lines repeated, dropped, swapped, cut, or a hostile envelope put in.
enum HostileReport {
    /// Values of the wrong type (or at an edge) for any field.
    private static let oddValues: [JSONValue] = [
        .integer(7), .integer(-1), .number(1e308), .bool(true), .null, .array([]), .object([:]), .array([.array([])]),
        .string("x"), .integer(Int64.max), .number(-0.5),
    ]

    /// Text that must stay inert in every report.
    private static let oddTexts = [
        "javascript:alert(1)", " JaVaScRiPt:alert(1)", "https://example.com/ok", "<script>alert(1)</script>",
        "</script><script>alert(1)</script>", "<!--<script>", String(repeating: "x", count: 3000), "a\u{0}b",
        "\"><img src=x onerror=alert(1)>", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "%s%d",
    ]

    /// A JSON report with one file of a few cases, every field drawn from the bytes.
    static func report(_ reader: inout ByteReader, paths: [String]) -> [UInt8] {
        var cases: [JSONValue] = []
        let count = Int(reader.next() ?? 1) % 4 + 1
        for index in 1...count {
            cases.append(hostileCase(&reader, index: index, paths: paths))
        }
        var file: [String: JSONValue] = ["path": .string("suite.lua"), "cases": .array(cases)]
        if let byte = reader.next(), byte % 5 == 0 { file["position"] = odd(&reader) }
        var doc: [String: JSONValue] = ["files": .array([.object(file)])]
        if let byte = reader.next(), byte % 7 == 0 { doc["interrupted"] = .bool(true) }
        if let byte = reader.next(), byte % 11 == 0 { doc["support"] = odd(&reader) }
        if let byte = reader.next(), byte % 11 == 0 { doc["run_hooks"] = .array([odd(&reader)]) }
        return JSONValue.object(doc).jsonBytes
    }

    private static func hostileCase(_ reader: inout ByteReader, index: Int, paths: [String]) -> JSONValue {
        let statuses = ["passed", "failed", "skipped", "pending", "undefined", "ambiguous", "error", "weird"]
        var record: [String: JSONValue] = [
            "name": .string("case \(index)"), "index": .integer(Int64(index)),
            "status": .string(statuses[Int(reader.next() ?? 0) % statuses.count]),
        ]
        let path = { (reader: inout ByteReader) -> JSONValue in .string(paths[Int(reader.next() ?? 0) % paths.count]) }
        var attachments: [JSONValue] = []
        for _ in 0..<(Int(reader.next() ?? 0) % 4) {
            var attachment: [String: JSONValue] = ["media_type": .string(mediaType(&reader))]
            switch (reader.next() ?? 0) % 4 {
            case 0: attachment["file"] = path(&reader)
            case 1: attachment["url"] = text(&reader); attachment["media_type"] = .string("text/uri-list")
            case 2: attachment["body"] = text(&reader); attachment["encoding"] = .string("BASE64")
            default: attachment["body"] = text(&reader); attachment["encoding"] = .string("IDENTITY")
            }
            attachments.append(.object(attachment))
        }
        record["steps"] = .array([.object([
            "keyword": .string("Given"), "text": text(&reader), "status": .string("failed"),
            "attachments": .array(attachments),
        ])])
        record["attachments"] = .array(attachments.reversed())
        record["artifacts"] = .array([path(&reader), .string(paths[Int(reader.next() ?? 0) % paths.count] + ".png")])
        record["trace"] = path(&reader)
        record["filmstrip"] = .array([.object(["step": text(&reader), "path": path(&reader)])])
        record["screenshots"] = .array([.object([
            "name": text(&reader), "expected": path(&reader), "actual": path(&reader), "diff": path(&reader),
        ])])
        record["failure"] = .object(["message": text(&reader), "traceback": text(&reader)])
        record["output"] = .array([text(&reader)])
        record["info"] = .object(["link": text(&reader)])
        // Now and then a field replaced by a value of the wrong type (which must be refused, saying where).
        let keys = record.keys.sorted()
        if let byte = reader.next(), byte % 8 == 0 {
            record[keys[Int(reader.next() ?? 0) % keys.count]] = odd(&reader)
        }
        return .object(record)
    }

    /// A valid stream with its lines changed by the bytes.
    static func stream(_ reader: inout ByteReader, valid: [UInt8], paths: [String]) -> [UInt8] {
        var lines = valid.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map(Array.init)
        // A few changes each time (most streams with many are refused at their first broken reference).
        var changes = Int(reader.next() ?? 0) % 3 + 1
        while changes > 0, let op = reader.next(), !lines.isEmpty {
            changes -= 1
            let at = Int(reader.next() ?? 0) % lines.count
            switch op % 12 {
            case 0, 1, 7: lines.insert(lines[at], at: at)
            case 2, 8: lines.remove(at: at)
            case 3, 9: lines.swapAt(at, Int(reader.next() ?? 0) % lines.count)
            case 5: lines.append(contentsOf: lines)
            case 6: lines[at] = Array(lines[at].prefix(Int(reader.next() ?? 0)))
            case 10:
                // One value deep in the envelope replaced by one of another type (or a hostile text).
                if let envelope = try? JSONValue(parsing: lines[at]) {
                    lines[at] = replacingLeaf(of: envelope, &reader).jsonBytes
                }
            default:
                let attachment: JSONValue = .object(["attachment": .object([
                    "body": text(&reader), "contentEncoding": .string("IDENTITY"),
                    "mediaType": .string((reader.next() ?? 0) % 2 == 0 ? "text/uri-list" : mediaType(&reader)),
                    "testCaseStartedId": .string(String(reader.next() ?? 0)), "fileName": .string(paths[at % paths.count]),
                ])])
                lines.insert(attachment.jsonBytes, at: at)
            }
        }
        return Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")]
    }

    /// `value` with one leaf (or a whole member) replaced, chosen by the bytes.
    private static func replacingLeaf(of value: JSONValue, _ reader: inout ByteReader) -> JSONValue {
        let byte = Int(reader.next() ?? 0)
        switch value {
        case .object(var members) where !members.isEmpty && byte % 5 != 0:
            let key = members.keys.sorted()[byte % members.count]
            members[key] = replacingLeaf(of: members[key]!, &reader)
            return .object(members)
        case .array(var items) where !items.isEmpty && byte % 5 != 0:
            let index = byte % items.count
            items[index] = replacingLeaf(of: items[index], &reader)
            return .array(items)
        default:
            return byte % 2 == 0 ? odd(&reader) : text(&reader)
        }
    }

    private static func odd(_ reader: inout ByteReader) -> JSONValue {
        oddValues[Int(reader.next() ?? 0) % oddValues.count]
    }

    private static func text(_ reader: inout ByteReader) -> JSONValue {
        .string(oddTexts[Int(reader.next() ?? 0) % oddTexts.count])
    }

    private static func mediaType(_ reader: inout ByteReader) -> String {
        let types = ["text/plain", "image/png", "text/html", "image/svg+xml", "application/octet-stream", "x\"y", ""]
        return types[Int(reader.next() ?? 0) % types.count]
    }
}
