import JSON

/// Parses JSON into template values keeping members in document order, so `formatJson` and `parseJson` give
/// back objects as written (WireMock's Jackson keeps order too).
struct TemplateValueBuilder: JSONBuilder {
    struct Members {
        var members: [(key: String, value: TemplateValue)] = []
        var key = ""
    }

    func null() -> TemplateValue { .null }
    func bool(_ flag: Bool) -> TemplateValue { .bool(flag) }
    func integer(_ integer: Int64) -> TemplateValue { .integer(integer) }
    func number(_ number: Double) -> TemplateValue { .number(number) }
    func string(_ utf8: UnsafeBufferPointer<UInt8>) -> TemplateValue { .string(String(decoding: utf8, as: UTF8.self)) }
    func beginArray() -> [TemplateValue] { [] }
    func append(_ element: TemplateValue, to array: inout [TemplateValue]) { array.append(element) }
    func endArray(_ array: [TemplateValue]) -> TemplateValue { .array(array) }
    func beginObject() -> Members { Members() }
    func key(_ utf8: UnsafeBufferPointer<UInt8>, in object: inout Members) {
        object.key = String(decoding: utf8, as: UTF8.self)
    }
    func set(_ value: TemplateValue, in object: inout Members) {
        if let index = object.members.firstIndex(where: { $0.key == object.key }) {
            object.members[index].value = value
        } else {
            object.members.append((key: object.key, value: value))
        }
    }
    func endObject(_ object: Members) -> TemplateValue { .object(object.members) }

    /// Parses `text` as JSON, members in order.
    static func parse(_ text: String) throws(JSONParseError) -> TemplateValue {
        let bytes = Array(text.utf8)
        var result: Result<TemplateValue, JSONParseError>!
        bytes.withUnsafeBufferPointer { buffer in
            result = Result { () throws(JSONParseError) in
                var builder = TemplateValueBuilder()
                return try builder.parse(buffer)
            }
        }
        return try result.get()
    }
}
